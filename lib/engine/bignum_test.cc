#include "engine/bignum.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace oda::engine::bignum {
namespace {

std::string run(Op op, const std::string& a, const std::string& b) {
  std::string out;
  EXPECT_TRUE(compute(op, a, b, out)) << a << " " << b;
  return out;
}

// a, b, then a + b, a - b, a * b, a / b and a % b as node 20 prints them.
struct Case {
  const char* a;
  const char* b;
  const char* sum;
  const char* difference;
  const char* product;
  const char* quotient;
  const char* remainder;
};
const Case kNodeCases[] = {
    {"123456789012345678901234567890123456789","-987654321098765432109876543210","123456788024691357802469135780246913579","123456789999999999999999999999999999999","-121932631137021795226185032733744855963362292333223746380111126352690","-124999998","850308642085030864208626543209"},
    {"1606938044258990275541962092341162602522202993782792835301375","1000000000000000000000000000007","1606938044258990275541962092342162602522202993782792835301382","1606938044258990275541962092340162602522202993782792835301368","1606938044258990275541962092352411168832015925711586569947763138217655420956479549847109625","1606938044258990275541962092329","914036212390061853999100655072"},
    {"-987654321098765432109876543210","123456789012345678901234567890123456789","123456788024691357802469135780246913579","-123456789999999999999999999999999999999","-121932631137021795226185032733744855963362292333223746380111126352690","0","-987654321098765432109876543210"},
    {"1606938044258990275541962092341162602522202993782792835301375","999999999999999999","1606938044258990275541962092341162602522203993782792835301374","1606938044258990275541962092341162602522201993782792835301376","1606938044258990273935024048082172326980240901441630232779172006217207164698625","1606938044258990277148900136600152879671103","130382945714972478"},
    {"-1606938044258990275541962092341162602522202993782792835301375","1000000007","-1606938044258990275541962092341162602522202993782791835301368","-1606938044258990275541962092341162602522202993782793835301382","-1606938055507556585354894021134897248910341211438213791780924847109625","-1606938033010424044468993781058206135114760047979472","-499445071"},
    {"999999999999999999","999999999999999999","1999999999999999998","0","999999999999999998000000000000000001","1","0"},
    {"999999999999999999","-1","999999999999999998","1000000000000000000","-999999999999999999","-999999999999999999","0"},
    {"1000000000000000000000000000","1000000000","1000000000000000001000000000","999999999999999999000000000","1000000000000000000000000000000000000","1000000000000000000","0"},
};

TEST(Bignum, AgreesWithNodeOnLargeValues) {
  for (const Case& c : kNodeCases) {
    EXPECT_EQ(run(Op::kAdd, c.a, c.b), c.sum) << c.a << " + " << c.b;
    EXPECT_EQ(run(Op::kSub, c.a, c.b), c.difference) << c.a << " - " << c.b;
    EXPECT_EQ(run(Op::kMul, c.a, c.b), c.product) << c.a << " * " << c.b;
    EXPECT_EQ(run(Op::kDiv, c.a, c.b), c.quotient) << c.a << " / " << c.b;
    EXPECT_EQ(run(Op::kMod, c.a, c.b), c.remainder) << c.a << " % " << c.b;
  }
}

TEST(Bignum, SmallValuesTruncateTowardZero) {
  EXPECT_EQ(run(Op::kDiv, "-7", "2"), "-3");
  EXPECT_EQ(run(Op::kMod, "-7", "2"), "-1");
  EXPECT_EQ(run(Op::kMod, "7", "-2"), "1");
  EXPECT_EQ(run(Op::kMul, "999999999999999999", "-999999999999999999"), "-999999999999999998000000000000000001");
  EXPECT_EQ(run(Op::kSub, "5", "5"), "0");
  EXPECT_EQ(run(Op::kMod, "-4", "2"), "0");  // never "-0"
  EXPECT_EQ(run(Op::kMod, "-4000000000000000000000", "2"), "0");
}

TEST(Bignum, RefusesDivisionByZeroAndText) {
  std::string out = "kept";
  EXPECT_FALSE(compute(Op::kDiv, "5", "0", out));
  EXPECT_FALSE(compute(Op::kMod, "123456789012345678901234567890", "0", out));
  EXPECT_FALSE(compute(Op::kAdd, "01", "1", out));
  EXPECT_FALSE(compute(Op::kAdd, "-0", "1", out));
  EXPECT_FALSE(compute(Op::kAdd, "1x", "1", out));
  EXPECT_FALSE(compute(Op::kAdd, "", "1", out));
  EXPECT_EQ(out, "kept");
}

TEST(Bignum, TextRoundTripsAcrossLimbs) {
  for (const char* t : {"0", "1", "-1", "999999999", "1000000000", "-1000000000000000000000",
                        "100000000000000000000000000000000000001"}) {
    Big v;
    ASSERT_TRUE(parse(t, v)) << t;
    EXPECT_EQ(text(v), t);
  }
}

TEST(Bignum, CompareOrdersBySignThenMagnitude) {
  EXPECT_EQ(compare("-5", "3"), -1);
  EXPECT_EQ(compare("-5", "-30"), 1);
  EXPECT_EQ(compare("100", "99"), 1);
  EXPECT_EQ(compare("123456789012345678901", "123456789012345678901"), 0);
  EXPECT_EQ(compare("0", "-1"), 1);
}

// Random operands of up to 60 digits: a = q * b + r with |r| < |b| and r of a's sign, and a
// sum and a difference undo each other.
TEST(Bignum, DivisionAndSumsAreConsistent) {
  std::mt19937_64 rng(7);
  auto number = [&rng] {
    int digits = 1 + int(rng() % 60);
    std::string s = rng() % 2 ? "-" : "";
    s += char('1' + rng() % 9);
    for (int i = 1; i < digits; i++) s += char('0' + rng() % 10);
    return s;
  };
  for (int round = 0; round < 3000; round++) {
    std::string a = number(), b = number();
    std::string q = run(Op::kDiv, a, b), r = run(Op::kMod, a, b);
    EXPECT_EQ(run(Op::kAdd, run(Op::kMul, q, b), r), a) << a << " / " << b;
    std::string abs_r = r[0] == '-' ? r.substr(1) : r, abs_b = b[0] == '-' ? b.substr(1) : b;
    EXPECT_EQ(compare(abs_r, abs_b), -1) << a << " % " << b;
    if (r != "0") {
      EXPECT_EQ(r[0] == '-', a[0] == '-') << a << " % " << b;
    }
    EXPECT_EQ(run(Op::kSub, run(Op::kAdd, a, b), b), a);
  }
}

}  // namespace
}  // namespace oda::engine::bignum
