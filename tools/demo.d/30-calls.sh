# Sourced by tools/demo: calls from inside a program (step() prints and runs): the terminal
# tools and a catalog tool, in parallel, with only the final answer coming back.
echo
echo "== run-code: a program that drives a terminal and calls a catalog tool"
calls_catalog="$demo_dir/tools.json"
cat >"$calls_catalog" <<'JSON'
{"tools": [{"name": "shout", "description": "upper-case the arguments",
            "command": ["tr", "a-z", "A-Z"], "timeoutMs": 5000}]}
JSON
step run-code --tools "$calls_catalog" --description 'count files and shout a word' --code '
  const s = await terminal_open({ name: "work" });
  const [ls, loud] = await Promise.all([
    terminal_send({ session: "work", text: "ls /usr/bin | wc -l" }),
    shout({ word: "done" }),
  ]);
  await terminal_close({ session: s.id });
  return { programs: Number(ls.output.trim()), exit: ls.exit, shout: loud.WORD }'
