// compare_values (src/assess/python_compare.hpp): comparisons decided by the
// values' known alternatives, unknown where they cannot be.
#include <gtest/gtest.h>

#include "assess/python_compare.hpp"

namespace mai::assess {
namespace {

Value tuple_of(std::initializer_list<const char*> xs) {
  auto c = std::make_shared<Container>();
  for (const char* x : xs) c->items.push_back(Value::str(x));
  Value v;
  Alt a;
  a.k = VK::tuple;
  a.c = c;
  v.alts.push_back(a);
  return v;
}

// The booleans a result may be ("F", "T", "?" for unknown): decided ones first.
std::string outcomes(const Value& v) {
  if (v.alts.empty()) return "unknown";
  std::string s;
  for (const auto& a : v.alts) s += a.k == VK::boolean ? (a.i ? "T" : "F") : "?";
  return s;
}

Value setting_or(const char* fallback) {
  Value v;  // an environment variable: unknown, or the default
  v.join(Value::str(fallback));
  return v;
}

TEST(PythonCompare, EqualityOfKnownConstants) {
  EXPECT_EQ(outcomes(compare_values("==", Value::str("1"), Value::str("1"))), "T");
  EXPECT_EQ(outcomes(compare_values("!=", Value::str("1"), Value::str("1"))), "F");
  EXPECT_EQ(outcomes(compare_values("==", Value::str("1"), Value::integer(1))), "F");
  EXPECT_EQ(outcomes(compare_values("==", Value::boolean(true), Value::integer(1))), "T");
}

TEST(PythonCompare, ASettingWithADefaultIsDecidedOnTheDefaultsPath) {
  Value r = compare_values("==", setting_or("0"), Value::str("1"));
  EXPECT_EQ(outcomes(r), "F?");
  EXPECT_EQ(outcomes(compare_values("not in", setting_or("0"), tuple_of({"0", "false"}))), "F?");
  EXPECT_EQ(outcomes(compare_values("in", setting_or("yes"), tuple_of({"0", "false"}))), "F?");
}

TEST(PythonCompare, UndecidableComparisonsAreUnknown) {
  EXPECT_EQ(outcomes(compare_values("==", Value(), Value::str("1"))), "unknown");
  EXPECT_EQ(outcomes(compare_values("<", Value::integer(1), Value::integer(2))), "unknown");
  EXPECT_EQ(outcomes(compare_values("in", Value::str("a"), Value())), "unknown");
  // `is` between strings depends on interning: never decided.
  EXPECT_EQ(outcomes(compare_values("is", Value::str("a"), Value::str("a"))), "unknown");
  EXPECT_EQ(outcomes(compare_values("is", Value::none(), Value::none())), "T");
  EXPECT_EQ(outcomes(compare_values("is not", Value::none(), Value::none())), "F");
}

TEST(PythonCompare, TextOrNumbersAreNeverNone) {
  // (an environment variable handed to a copy: its value unknown, yet not None)
  const Value partial = Value::str(std::string(1, kUnknownPart));
  EXPECT_EQ(outcomes(compare_values("is not", partial, Value::none())), "T");
  EXPECT_EQ(outcomes(compare_values("is", Value::none(), Value::integer(3))), "F");
  EXPECT_EQ(outcomes(compare_values("is", Value(), Value::none())), "unknown");
  EXPECT_EQ(outcomes(compare_values("is not", setting_or("x"), Value::none())), "T?");
}

TEST(PythonCompare, SubstringMembership) {
  EXPECT_EQ(outcomes(compare_values("in", Value::str("sudo"), Value::str("run sudo now"))), "T");
  EXPECT_EQ(outcomes(compare_values("not in", Value::str("x"), Value::str("abc"))), "T");
}

TEST(PythonCompare, AYesOrNoCarriesNoTaint) {
  Value secret = Value::str("hunter2", 1u << 3);
  EXPECT_EQ(compare_values("==", secret, Value::str("x")).taint, 0u);
}

}  // namespace
}  // namespace mai::assess
