# lib/sys: the shared seams, and fmt (header files from Debian; its compiled half is
# lib/sys/fmt.cc).
PKGS += libfmt-dev
