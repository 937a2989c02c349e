// Shell arithmetic over known values (src/assess/shell_arith.hpp): bash's
// precedence, assignments, bases, and unknown, malformed or overflowing input.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "assess/shell_arith.hpp"

namespace mai::assess {
namespace {

struct Vars {
  std::map<std::string, std::string> values;
  ArithVars view() {
    ArithVars v;
    v.get = [this](const std::string& n) -> std::optional<std::string> {
      auto it = values.find(n);
      if (it == values.end()) return std::nullopt;
      return it->second;
    };
    v.set = [this](const std::string& n, int64_t x) { values[n] = std::to_string(x); };
    return v;
  }
};

std::optional<int64_t> eval(const std::string& e, Vars& vars) { return eval_arith(e, vars.view()); }
std::optional<int64_t> eval(const std::string& e) {
  Vars none;
  return eval(e, none);
}

TEST(ShellArith, PrecedenceAsBashHasIt) {
  EXPECT_EQ(eval("2 + 3 * 4"), 14);
  EXPECT_EQ(eval("(2 + 3) * 4"), 20);
  EXPECT_EQ(eval("2 ** 3 ** 2"), 512);
  EXPECT_EQ(eval("-2 ** 2"), 4);
  EXPECT_EQ(eval("7 % 3 == 1 && 4 > 3"), 1);
  EXPECT_EQ(eval("1 << 4 | 1"), 17);
  EXPECT_EQ(eval("0 ? 5 : 6"), 6);
  EXPECT_EQ(eval("!0 + ~0"), 0);
  EXPECT_EQ(eval("0x1f + 010 + 2#101"), 31 + 8 + 5);
}

TEST(ShellArith, VariablesAndAssignments) {
  Vars v;
  v.values = {{"s", "hsab"}, {"base", "4400"}, {"off", "base - 4356"}};
  EXPECT_EQ(eval("${#s} - 1", v), 3);
  EXPECT_EQ(eval("$base + off", v), 4444);  // a value is itself an expression
  EXPECT_EQ(eval("i = 3, j = i++ + ++i", v), 8);
  EXPECT_EQ(v.values["i"], "5");
  EXPECT_EQ(eval("i += 2, i <<= 1, i", v), 14);
  EXPECT_EQ(eval("i--", v), 14);
  EXPECT_EQ(v.values["i"], "13");
}

TEST(ShellArith, UnknownOrMalformedIsNothing) {
  Vars v;
  EXPECT_EQ(eval("x + 1", v), std::nullopt);  // not known
  EXPECT_EQ(eval("1 +", v), std::nullopt);
  EXPECT_EQ(eval("(1", v), std::nullopt);
  EXPECT_EQ(eval("1 / 0", v), std::nullopt);
  EXPECT_EQ(eval("$(date +%s) + 1", v), std::nullopt);
  EXPECT_EQ(eval("09", v), std::nullopt);  // not an octal number
  v.values = {{"a", "b"}, {"b", "a"}};
  EXPECT_EQ(eval("a + 1", v), std::nullopt);  // a cycle ends
  std::string deep(10000, '(');
  EXPECT_EQ(eval(deep + "1"), std::nullopt);
}

// Values that name each other twice over double the work at every name: a
// budget ends it instead of 2^40 steps.
TEST(ShellArith, DoublingValuesEndWithinTheBudget) {
  Vars v;
  for (int i = 0; i < 40; ++i) v.values["v" + std::to_string(i)] = "v" + std::to_string(i + 1) + " + v" + std::to_string(i + 1);
  v.values["v40"] = "1";
  EXPECT_EQ(eval("v0", v), std::nullopt);
  EXPECT_EQ(eval("v35", v), 32);  // within it
}

TEST(ShellArith, OverflowWrapsAsBashDoes) {
  EXPECT_EQ(eval("9223372036854775807 + 1"), INT64_MIN);
  EXPECT_EQ(eval("-9223372036854775807 - 1"), INT64_MIN);
  EXPECT_EQ(eval("(-9223372036854775807 - 1) / -1"), INT64_MIN);
  EXPECT_EQ(eval("(-9223372036854775807 - 1) % -1"), 0);
  EXPECT_TRUE(eval("3 ** 40").has_value());  // past 2^63: wraps
  EXPECT_EQ(eval("1 << 64"), std::nullopt);
}

}  // namespace
}  // namespace mai::assess
