# oda-mcp (lib/mcp): no packages of its own. Its tests drive it with the official MCP
# TypeScript SDK's client, installed here into the build folder for the tests only, pinned
# to one version and never committed; the install is part of `make` and `make deps`.
# nodejs brings npm (Debian's and NodeSource's builds alike).
PKGS += nodejs
MCP_SDK ?= @modelcontextprotocol/sdk@1.32.2
MCP_NPM := $(B)/npm-mcp

$(MCP_NPM)/.installed: tools/fetch-npm-mcp lib/mcp/mcp.mk | $(B)/.deps-installed
	tools/fetch-npm-mcp $(@D) $(MCP_SDK)
	@touch $@

all: $(MCP_NPM)/.installed
deps: $(MCP_NPM)/.installed
