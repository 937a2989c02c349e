// The rewrite of a test's escaped ordering operators
// (assess/shell_test_operators.hpp): `\<` and `\>` between a test's words
// become `!=` in place, and nothing else moves or changes.
#include "assess/shell_test_operators.hpp"

#include <gtest/gtest.h>

namespace mai::assess {
namespace {

TEST(ShellTestOperators, AnOrderingInATestBecomesAComparisonInPlace) {
  std::string code = "if [ \"$today\" \\< \"$END\" ]; then return 0; fi\n";
  std::string out = rewrite_test_orderings(code);
  ASSERT_EQ(out.size(), code.size());
  EXPECT_EQ(out, "if [ \"$today\" != \"$END\" ]; then return 0; fi\n");
  EXPECT_EQ(rewrite_test_orderings("test \"$a\" \\> b && echo later\n"), "test \"$a\" != b && echo later\n");
}

TEST(ShellTestOperators, EscapesOutsideTestsAndInQuotesAreLeftAlone) {
  EXPECT_EQ(rewrite_test_orderings("echo \\<html\\> > page.html\n"), "");     // not a word of its own
  EXPECT_EQ(rewrite_test_orderings("echo a \\< b\n"), "");                    // no test on the line
  EXPECT_EQ(rewrite_test_orderings("[ -n \"$x\" ] && echo 'a \\< b'\n"), "");  // in quotes
  EXPECT_EQ(rewrite_test_orderings("[ -n \"a \\< b\" ]\n"), "");
  EXPECT_EQ(rewrite_test_orderings("echo nothing to see\n"), "");
}

}  // namespace
}  // namespace mai::assess
