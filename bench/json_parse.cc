// bench/json's timing program: parses one file with oda::json::parse (simdjson under our
// lossless rules, building the Value tree) ROUNDS times and prints the best and median
// milliseconds. Built by bench/json against build/liboda.a.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "json/json.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: json-parse FILE [ROUNDS]\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  int rounds = argc > 2 ? std::atoi(argv[2]) : 10;
  std::vector<double> ms;
  for (int i = 0; i < rounds; ++i) {
    oda::json::Value v;
    std::string err;
    auto t0 = std::chrono::steady_clock::now();
    bool ok = oda::json::parse(text, &v, &err);
    auto t1 = std::chrono::steady_clock::now();
    if (!ok) {
      std::fprintf(stderr, "json-parse: %s\n", err.c_str());
      return 1;
    }
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  std::printf("%.1f %.1f\n", ms.front(), ms[ms.size() / 2]);
}
