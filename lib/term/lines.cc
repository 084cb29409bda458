// The chunked line store (see lines.h).
#include "term/lines.h"

namespace oda::term {

void LineStore::append(std::string_view line) {
  if (chunks_.empty() || chunks_.back().ends.size() == kChunk) {
    chunks_.emplace_back();
    chunks_.back().ends.reserve(kChunk);
  }
  Chunk& c = chunks_.back();
  c.data.append(line);
  c.ends.push_back(c.data.size());
  bytes_ += line.size();
  ++count_;
  // Drop whole chunks only while what stays still holds `keep_` lines.
  while (count_ - chunks_.front().ends.size() >= keep_) {
    bytes_ -= chunks_.front().data.size();
    count_ -= chunks_.front().ends.size();
    base_ += chunks_.front().ends.size();
    chunks_.pop_front();
  }
}

std::string LineStore::pop_back() {
  Chunk& c = chunks_.back();
  uint64_t start = c.ends.size() > 1 ? c.ends[c.ends.size() - 2] : 0;
  std::string line = c.data.substr(start);
  c.data.resize(start);
  c.ends.pop_back();
  bytes_ -= line.size();
  --count_;
  if (c.ends.empty()) chunks_.pop_back();
  return line;
}

std::string_view LineStore::at(uint64_t n) const {
  uint64_t i = n - base_;
  const Chunk& c = chunks_[i / kChunk];
  size_t j = i % kChunk;
  uint64_t start = j == 0 ? 0 : c.ends[j - 1];
  return std::string_view(c.data).substr(start, c.ends[j] - start);
}

}  // namespace oda::term
