// An MCP client nobody here wrote (the official TypeScript SDK's) driving oda-mcp, for
// tests/mcp-server.bats. Usage: node client.mjs SCENARIO [ARG...] [-- SERVER_ARG...]
// Each scenario prints plain lines the test asserts; the SDK is build/npm-mcp's.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(join(root, "build", "npm-mcp", "node_modules", "x.js"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { ElicitRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const argv = process.argv.slice(2);
const cut = argv.indexOf("--");
const [scenario, ...args] = cut < 0 ? argv : argv.slice(0, cut);
const serverArgs = cut < 0 ? [] : argv.slice(cut + 1);

async function connect(options = {}) {
  const env = { ...process.env, ...(options.env || {}) };
  for (const k of options.unset || []) delete env[k];
  const transport = new StdioClientTransport({ command: "oda-mcp", args: serverArgs, env, stderr: "inherit" });
  const capabilities = options.elicit ? { elicitation: {} } : {};
  const client = new Client({ name: "oda-test", version: "1.0.0" }, { capabilities });
  if (options.elicit) client.setRequestHandler(ElicitRequestSchema, options.elicit);
  await client.connect(transport);
  return client;
}

const text = (r) => r.content.map((c) => c.text).join("\n");
const show = (r) => `isError=${r.isError} text=${JSON.stringify(text(r))}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(cond) {
  for (let i = 0; i < 1000 && !cond(); i++) await sleep(20);
  if (!cond()) throw new Error("condition never held");
}

// A program that runs until the file "go" appears in its workspace (the test's folder).
const waitForGo = `while (true) { try { await fs.stat("go"); break; } catch (e) {} await new Promise(r => setTimeout(r, 20)); } return "released";`;

const scenarios = {
  // initialize's answer and tools/list.
  async list() {
    const c = await connect();
    console.log(`server=${c.getServerVersion().name} ${c.getServerVersion().version}`);
    console.log(`capabilities=${JSON.stringify(c.getServerCapabilities())}`);
    if (c.getInstructions()) console.log(`instructions=${c.getInstructions()}`);
    for (const t of (await c.listTools()).tools) console.log(`tool=${JSON.stringify(t)}`);
    await c.close();
  },
  // Whether each listed tool has the name, description and input schema of its command's
  // --schema, read from DIR/<tool>.json.
  async schemas(dir) {
    const c = await connect();
    for (const t of (await c.listTools()).tools) {
      const s = JSON.parse(readFileSync(join(dir, `${t.name}.json`), "utf8"));
      const same = s.name === t.name && s.description === t.description &&
        JSON.stringify(s.input_schema) === JSON.stringify(t.inputSchema);
      console.log(`${same ? "same" : "differs"}: ${t.name}`);
    }
    await c.close();
  },
  // One tools/call: call NAME ARGUMENTS_JSON.
  async call(name, json) {
    const c = await connect();
    const r = await c.callTool({ name, arguments: JSON.parse(json) });
    console.log(show(r));
    if (r.structuredContent) console.log(`structured=${JSON.stringify(r.structuredContent)}`);
    await c.close();
  },
  // Several calls in turn on one connection: calls JSON_ARRAY_OF_[NAME, ARGUMENTS].
  async calls(json) {
    const c = await connect();
    for (const [name, a] of JSON.parse(json)) console.log(`${name}: ${show(await c.callTool({ name, arguments: a }))}`);
    await c.close();
  },
  // A call with a protocol error: prints the error's code and message.
  async fails(name, json) {
    const c = await connect();
    try {
      await c.callTool({ name, arguments: JSON.parse(json) });
      console.log("no error");
    } catch (e) {
      console.log(`code=${e.code} message=${e.message}`);
    }
    await c.close();
  },
  // A terminal_list while a run is under way: the run ends only after the list answered.
  async concurrent() {
    const c = await connect();
    const run = c.callTool({ name: "run_code", arguments: { code: waitForGo, description: "wait for the go file", timeoutMs: 30000 } });
    const list = await c.callTool({ name: "terminal_list", arguments: {} });
    console.log(`list: ${show(list)}`);
    writeFileSync("go", "");
    console.log(`run: ${show(await run)}`);
    await c.close();
  },
  // A cancel in the middle of a run, then another call on the same connection.
  async cancel() {
    const c = await connect();
    const ac = new AbortController();
    const run = c.callTool(
      { name: "run_code", arguments: { code: `await fs.writeFile("started", "yes"); ${waitForGo}`, description: "start and wait" } },
      undefined, { signal: ac.signal });
    await until(() => existsSync("started"));
    ac.abort("the test cancels it");
    try {
      await run;
      console.log("cancelled run: answered");
    } catch (e) {
      console.log(`cancelled run: ${e.name}`);
    }
    console.log(`next: ${show(await c.callTool({ name: "run_code", arguments: { code: "return 2", description: "return two" } }))}`);
    await c.close();
  },
  // Two connections without a chat: each sees only its own sessions.
  async chats() {
    const a = await connect({ unset: ["ODA_CHAT"] });
    const b = await connect({ unset: ["ODA_CHAT"] });
    console.log(`a open: ${show(await a.callTool({ name: "terminal_open", arguments: { name: "mine" } }))}`);
    console.log(`b list: ${show(await b.callTool({ name: "terminal_list", arguments: {} }))}`);
    const listed = text(await a.callTool({ name: "terminal_list", arguments: {} }));
    console.log(`a list: ${listed.replace(/ running \d+$/, " running PID")}`);
    await a.close();
    await b.close();
  },
  // Progress notifications of a run that asked for them.
  async progress() {
    const c = await connect();
    const seen = [];
    const r = c.callTool({ name: "run_code", arguments: { code: waitForGo, description: "wait for the go file" } },
      undefined, { onprogress: (p) => seen.push(p) });
    await until(() => seen.length >= 2);
    writeFileSync("go", "");
    console.log(`run: ${show(await r)}`);
    console.log(`progress increases: ${seen.every((p, i) => i === 0 || p.progress > seen[i - 1].progress)}`);
    console.log(`message: ${seen[0].message.replace(/\d+/, "N")}`);
    await c.close();
  },
  // A call needing approval asked through elicitation: elicit ACTION NAME ARGUMENTS_JSON.
  async elicit(action, name, json) {
    const asked = [];
    const c = await connect({ elicit: (req) => { asked.push(req.params.message); return { action }; } });
    console.log(show(await c.callTool({ name, arguments: JSON.parse(json) })));
    for (const m of asked) console.log(`asked: ${m}`);
    await c.close();
  },
};

const fn = scenarios[scenario];
if (!fn) {
  console.error(`client.mjs: unknown scenario '${scenario}'`);
  process.exit(2);
}
await fn(...args);
