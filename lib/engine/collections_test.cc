// Unit tests of the Map and Set tables (collections.h): the open-addressing index over the
// entry records, its tombstones and compaction, and the SameValueZero identities that
// lib/engine/duk_extra.c gives the values of a heap.
#include "engine/collections.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/test_heap.h"

extern "C" int oda_duk_svz_key(void* ctx, int idx, unsigned long long* bits);

namespace {

using namespace oda::engine::table;

// A table in a vector's memory, as collections.cc keeps one in a Duktape buffer.
struct TestTable {
  std::vector<uint64_t> mem;
  explicit TestTable(uint32_t cap) : mem(bytes(cap) / 8 + 1) { init(h(), cap); }
  Header* h() { return reinterpret_cast<Header*>(mem.data()); }
  // The entry number of k, or -1.
  int64_t find(Key k) {
    uint32_t n = slots(h())[probe(h(), k, hash(k))];
    return n == 0 ? -1 : static_cast<int64_t>(n) - 1;
  }
  bool add(Key k) {
    uint32_t hs = hash(k), slot = probe(h(), k, hs);
    if (slots(h())[slot] != 0) return false;
    append(h(), slot, k, hs);
    return true;
  }
  bool erase(Key k) {
    uint32_t slot = probe(h(), k, hash(k));
    if (slots(h())[slot] == 0) return false;
    remove(h(), slot);
    return true;
  }
};

Key num(uint64_t i) { return Key{i * 8, 1}; }  // keys that share their low bits

TEST(CollectionTable, FindsWhatWasAddedAndGrowsByDoubling) {
  TestTable t(kMinCap);
  for (uint64_t i = 0; i < kMinCap; i++) EXPECT_TRUE(t.add(num(i)));
  EXPECT_FALSE(t.add(num(2)));  // already there
  EXPECT_EQ(t.h()->used, kMinCap);
  EXPECT_EQ(next_cap(t.h()), 2 * kMinCap);  // full and nothing deleted
  TestTable grown(next_cap(t.h()));
  copy(t.h(), grown.h(), nullptr);
  for (uint64_t i = 0; i < kMinCap; i++) EXPECT_EQ(grown.find(num(i)), static_cast<int64_t>(i));
  EXPECT_EQ(grown.find(num(99)), -1);
  EXPECT_EQ(grown.find(Key{2 * 8, 2}), -1);  // same bits, another type
}

TEST(CollectionTable, DeletingKeepsEveryOtherKeyFindable) {
  // Backward-shift deletion: with 1000 keys in 2048 slots runs are long; deleting from their
  // middle must not cut off the keys after the hole.
  TestTable t(1024);
  for (uint64_t i = 0; i < 1000; i++) ASSERT_TRUE(t.add(num(i)));
  for (uint64_t i = 0; i < 1000; i += 3) EXPECT_TRUE(t.erase(num(i)));
  EXPECT_FALSE(t.erase(num(0)));
  for (uint64_t i = 0; i < 1000; i++) EXPECT_EQ(t.find(num(i)) >= 0, i % 3 != 0) << i;
  EXPECT_EQ(t.h()->live, 666u);
  EXPECT_EQ(t.h()->used, 1000u);  // tombstones keep their entry numbers for iterators
  EXPECT_EQ(entries(t.h())[3].type, 0u);
  EXPECT_TRUE(t.add(num(3)));  // a deleted key comes back at the end
  EXPECT_EQ(t.find(num(3)), 1000);
}

TEST(CollectionTable, CompactionKeepsOrderAndSaysWhereIteratorsGo) {
  TestTable t(8);
  for (uint64_t i = 0; i < 8; i++) t.add(num(i));
  for (uint64_t i : {1, 2, 5, 6, 7}) t.erase(num(i));
  EXPECT_EQ(next_cap(t.h()), 8u);  // most are tombstones: the same size, compacted
  TestTable c(8);
  uint32_t removed[5] = {};
  copy(t.h(), c.h(), removed);
  EXPECT_EQ(c.h()->used, 3u);
  EXPECT_EQ(c.h()->live, 3u);
  EXPECT_EQ(c.find(num(0)), 0);
  EXPECT_EQ(c.find(num(3)), 1);
  EXPECT_EQ(c.find(num(4)), 2);
  EXPECT_EQ(c.find(num(1)), -1);
  EXPECT_EQ(std::vector<uint32_t>(removed, removed + 5), (std::vector<uint32_t>{1, 2, 5, 6, 7}));
  // An iterator about to read entry i reads the same live entry afterwards.
  EXPECT_EQ(moved_index(removed, 5, 0), 0u);
  EXPECT_EQ(moved_index(removed, 5, 1), 1u);  // on a tombstone: the next live one, 3
  EXPECT_EQ(moved_index(removed, 5, 3), 1u);
  EXPECT_EQ(moved_index(removed, 5, 4), 2u);
  EXPECT_EQ(moved_index(removed, 5, 6), 3u);  // past the end stays past the end
  EXPECT_EQ(moved_index(removed, 5, 8), 3u);
}

TEST(CollectionTable, HashSpreadsPointersAndIntegers) {
  // Pointers 16 bytes apart and integers' doubles (which differ in their top bits only) must
  // land on different slots of a small table.
  for (uint64_t base : {0x7f0000001000ULL, 0x4000000000000000ULL}) {
    std::vector<bool> hit(64);
    int distinct = 0;
    for (uint64_t i = 0; i < 32; i++) {
      uint64_t bits = base == 0x7f0000001000ULL ? base + 16 * i : base + (i << 48);
      uint32_t s = hash(Key{bits, 3}) & 63;
      if (!hit[s]) distinct++;
      hit[s] = true;
    }
    EXPECT_GT(distinct, 16) << base;
  }
}

// The SameValueZero identity of the expression's value.
Key identity(oda::js::testing::Heap& heap, const std::string& expr) {
  duk_context* ctx = heap.ctx();
  EXPECT_EQ(duk_peval_string(ctx, expr.c_str()), 0) << expr << ": " << duk_safe_to_string(ctx, -1);
  unsigned long long bits = 0;
  uint32_t type = static_cast<uint32_t>(oda_duk_svz_key(ctx, -1, &bits));
  // The value stays on the stack, so an object's address is not reused by the next one.
  return Key{bits, type};
}

bool same(oda::js::testing::Heap& heap, const std::string& a, const std::string& b) {
  Key x = identity(heap, a), y = identity(heap, b);
  return x.type == y.type && x.bits == y.bits && hash(x) == hash(y);
}

TEST(CollectionKeys, SameValueZero) {
  oda::js::testing::Heap heap;
  ASSERT_EQ(heap.load_error(), "");
  heap.eval("var o = {}, f = function () {}, sym = Symbol('s');");
  EXPECT_TRUE(same(heap, "NaN", "0 / 0"));
  EXPECT_TRUE(same(heap, "0", "-0"));
  EXPECT_TRUE(same(heap, "3", "6 / 2"));  // a fastint and a double
  EXPECT_TRUE(same(heap, "'ab'", "['a', 'b'].join('')"));
  EXPECT_TRUE(same(heap, "o", "o"));
  EXPECT_TRUE(same(heap, "f", "f"));
  EXPECT_TRUE(same(heap, "sym", "sym"));
  EXPECT_TRUE(same(heap, "BigInt(12)", "BigInt('12')"));
  EXPECT_TRUE(same(heap, "undefined", "void 0"));
  EXPECT_FALSE(same(heap, "({})", "({})"));
  EXPECT_FALSE(same(heap, "Symbol('s')", "sym"));
  EXPECT_FALSE(same(heap, "1", "'1'"));
  EXPECT_FALSE(same(heap, "BigInt(1)", "'1'"));
  EXPECT_FALSE(same(heap, "BigInt(1)", "1"));
  EXPECT_FALSE(same(heap, "true", "1"));
  EXPECT_FALSE(same(heap, "false", "0"));
  EXPECT_FALSE(same(heap, "null", "undefined"));
  EXPECT_FALSE(same(heap, "null", "0"));
  EXPECT_FALSE(same(heap, "Object(BigInt(1))", "BigInt(1)"));
  EXPECT_NE(identity(heap, "0").type, 0u);  // 0 marks a deleted entry
}

}  // namespace
