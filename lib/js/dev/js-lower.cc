// Developer tool: prints the ES5 lowering of a modern JavaScript program (a file or stdin),
// or with --time N, how long lowering it takes on average over N runs.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>

#include "js/lower.h"

int main(int argc, char** argv) {
  long repeat = 0;
  const char* file = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--time") && i + 1 < argc) repeat = atol(argv[++i]);
    else file = argv[i];
  }
  std::string src;
  if (file && strcmp(file, "-") != 0) {
    FILE* f = fopen(file, "rb");
    if (!f) {
      fprintf(stderr, "js-lower: error: cannot open '%s'\n", file);
      return 2;
    }
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) src.append(buf, n);
    fclose(f);
  } else {
    src.assign(std::istreambuf_iterator<char>(std::cin), {});
  }
  std::string out;
  oda::js::LowerError err;
  if (repeat > 0) {
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < repeat; i++) {
      out.clear();
      if (!oda::js::lower_program(src, &out, &err)) break;
    }
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / repeat;
    printf("%.1f us per lowering (%zu bytes in, %zu out)\n", us, src.size(), out.size());
    return 0;
  }
  if (!oda::js::lower_program(src, &out, &err)) {
    fprintf(stderr, "%s\n", err.message.c_str());
    return 1;
  }
  fwrite(out.data(), 1, out.size(), stdout);
  fputc('\n', stdout);
  return 0;
}
