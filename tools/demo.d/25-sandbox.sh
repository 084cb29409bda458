# Sourced by tools/demo: the file sandbox's part (step() prints and runs). It works in a
# folder of its own, the workspace, and shows a denial, a partial host and an escalation.
echo
echo "== run-code: the file sandbox"
sandbox_ws="$demo_dir/workspace"
mkdir -p "$sandbox_ws"
step run-code --probe-sandbox --workspace "$sandbox_ws"
step run-code --workspace "$sandbox_ws" --code '
  await fs.mkdir("notes", { recursive: true });
  await fs.writeFile("notes/today.txt", "buy milk\n");
  await fs.appendFile("notes/today.txt", "call Ana\n");
  return { files: await fs.readdir("notes", { recursive: true }), text: await fs.readFile("notes/today.txt", "utf8") }'
step run-code --workspace "$sandbox_ws" --sandbox read-only --code 'await fs.writeFile("x.txt", "no")' || echo "(exit $?)"
step run-code --workspace "$sandbox_ws" --code 'await fs.writeFile("/etc/oda-demo", "no")' || echo "(exit $?)"
step ODA_SANDBOX_FORCE_ABI=0 run-code --workspace "$sandbox_ws" --sandbox read-only \
  --code 'await fs.rm("notes", { recursive: true })' || echo "(exit $?)"
step run-code --workspace "$sandbox_ws" --sandbox read-only --sandbox-permissions workspace-write \
  --justification "Saves the summary next to the notes." --approve-escalation \
  --code 'await fs.writeFile("summary.txt", "2 notes"); return await fs.readdir(".")'
