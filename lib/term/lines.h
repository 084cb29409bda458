// The line store of a session: clean text lines numbered from 0 for the daemon's life, kept
// in chunks so that old lines drop in blocks, a page costs only its own lines, and numbers
// never shift when the oldest lines go.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace oda::term {

class LineStore {
 public:
  // keep: how many committed lines are kept at least (older ones drop a chunk at a time).
  explicit LineStore(uint64_t keep = 1000000) : keep_(keep < kChunk ? kChunk : keep) {}

  void append(std::string_view line);
  // Takes the newest line back (a program moved the cursor up into it to redraw it).
  std::string pop_back();
  // Committed lines ever appended (the number the next one gets).
  uint64_t end() const { return base_ + count_; }
  // The number of the oldest line still kept.
  uint64_t first() const { return base_; }
  // Line n, first() <= n < end().
  std::string_view at(uint64_t n) const;
  size_t bytes() const { return bytes_; }
  // Drops every line; numbering goes on from end().
  void clear() {
    base_ += count_;
    count_ = 0;
    bytes_ = 0;
    chunks_.clear();
  }

 private:
  static constexpr uint64_t kChunk = 4096;
  struct Chunk {
    std::string data;
    std::vector<uint64_t> ends;  // ends[i]: offset just past line i in data (a chunk can pass 4 GiB)
  };
  std::deque<Chunk> chunks_;
  uint64_t base_ = 0;   // number of chunks_.front()'s first line
  uint64_t count_ = 0;  // lines held in chunks_
  uint64_t keep_;
  size_t bytes_ = 0;
};

}  // namespace oda::term
