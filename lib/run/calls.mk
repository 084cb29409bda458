# Calls from inside a run-code program (lib/run/calls*, lib/run/fetch*). fetch() loads
# libcurl with dlopen on its first use, so run-code starts without it; the -dev package is
# for the header only.
PKGS += libcurl4-openssl-dev python3
