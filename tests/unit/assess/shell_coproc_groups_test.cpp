// The coproc group fix-up (assess/shell_coproc_groups.hpp): a coproc
// group's closing brace is blanked so the grammar sees one command, and
// nothing else moves.
#include "assess/shell_coproc_groups.hpp"

#include <gtest/gtest.h>

namespace mai::assess {
namespace {

TEST(ShellCoprocGroups, TheGroupsEndIsBlankedInPlace) {
  std::string code = "f() {\n  coproc R { nc \"${HOST}\" 443 2>/dev/null; }\n  echo hi\n}\n";
  std::string out = blank_coproc_group_ends(code);
  ASSERT_EQ(out.size(), code.size());
  EXPECT_EQ(out, "f() {\n  coproc R { nc \"${HOST}\" 443 2>/dev/null   \n  echo hi\n}\n");
}

TEST(ShellCoprocGroups, AGroupOnItsOwnLinesAndWithoutAName) {
  std::string code = "coproc {\n  openssl s_client -connect h:443 \\\n    -quiet\n}\n";
  std::string out = blank_coproc_group_ends(code);
  EXPECT_EQ(out, "coproc {\n  openssl s_client -connect h:443 \\\n    -quiet\n \n");
}

TEST(ShellCoprocGroups, BracesInQuotesAndExpansionsAreNotTheEnd) {
  std::string code = "coproc P { printf '%s}' \"}\" ${X:-}; }";
  EXPECT_EQ(blank_coproc_group_ends(code), "coproc P { printf '%s}' \"}\" ${X:-}   ");
}

TEST(ShellCoprocGroups, OtherCodeIsLeftAlone) {
  EXPECT_EQ(blank_coproc_group_ends("echo coproc { x; }"), "");  // not in command position
  EXPECT_EQ(blank_coproc_group_ends("if true; then coproc R { nc h 1; }; fi"), "if true; then coproc R { nc h 1   ; fi");
  EXPECT_EQ(blank_coproc_group_ends("coproc nc h 1\n"), "");                      // no group
  EXPECT_EQ(blank_coproc_group_ends("coproc R { a; b; }"), "");                  // two commands: left to the grammar
  EXPECT_EQ(blank_coproc_group_ends("mycoproc R { a; }"), "");
  EXPECT_EQ(blank_coproc_group_ends("coproc R { unterminated"), "");
  EXPECT_EQ(blank_coproc_group_ends(""), "");
}

}  // namespace
}  // namespace mai::assess
