# The file sandbox: `fs`'s JavaScript half joins the prelude after the calls' (PARTS_JS, read
# by lib/run/run.mk).
PARTS_JS += lib/sandbox/fs.js
