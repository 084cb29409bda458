# Calls from inside a run-code program (lib/calls). fetch() loads
# libcurl with dlopen on its first use, so run-code starts without it; the -dev package is
# for the header only.
PKGS += libcurl4-openssl-dev python3
# The calls' JavaScript joins the prelude after run-code's own (lib/run/run.mk): calls.js in
# the heap image, run-config.js (`// @per-run`) in each run that has tools or values of its own.
PARTS_JS += lib/calls/calls.js
PARTS_PER_RUN_JS += lib/calls/run-config.js
