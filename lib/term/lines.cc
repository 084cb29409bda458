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
  c.ends.push_back(static_cast<uint32_t>(c.data.size()));
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

std::string_view LineStore::at(uint64_t n) const {
  uint64_t i = n - base_;
  const Chunk& c = chunks_[i / kChunk];
  size_t j = i % kChunk;
  uint32_t start = j == 0 ? 0 : c.ends[j - 1];
  return std::string_view(c.data).substr(start, c.ends[j] - start);
}

}  // namespace oda::term
