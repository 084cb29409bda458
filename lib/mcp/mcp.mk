# oda-mcp (lib/mcp): no packages of its own. Its tests drive it with the official MCP
# TypeScript SDK's client, installed here into the build folder for the tests only, pinned
# to one version and never committed; the install is part of `make` and `make deps`.
# nodejs brings npm (Debian's and NodeSource's builds alike).
PKGS += nodejs
MCP_SDK ?= @modelcontextprotocol/sdk@1.32.2
# The reference servers run-code's MCP client is tested and measured against
# (tests/run-calls-mcp.bats, bench/mcp-calls), pinned beside the SDK.
MCP_SERVERS ?= @modelcontextprotocol/server-everything@2026.8.31 @modelcontextprotocol/server-memory@2026.8.31 \
               @modelcontextprotocol/server-filesystem@2026.8.31
MCP_NPM := $(B)/npm-mcp

$(MCP_NPM)/.installed: tools/fetch-npm-mcp lib/mcp/mcp.mk | $(B)/.deps-installed
	tools/fetch-npm-mcp $(@D) $(MCP_SDK) $(MCP_SERVERS)
	@touch $@

all: $(MCP_NPM)/.installed
deps: $(MCP_NPM)/.installed

# run-code's MCP client (lib/mcp/client*.cc): its JavaScript half joins the prelude after the
# calls' (lib/run/run.mk), and its per-run file runs before the calls' run-config.js, which
# takes the servers into $tools.
PARTS_JS += lib/mcp/mcp.js
PARTS_PER_RUN_JS := lib/mcp/run-mcp.js $(PARTS_PER_RUN_JS)
