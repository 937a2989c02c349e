// sed's substitutions over known text and over lines of a shape
// (assess/sed_script.hpp), checked against what GNU sed prints for the same
// script and input.
#include "assess/sed_script.hpp"

#include <gtest/gtest.h>

#include "assess/value.hpp"

namespace mai::assess {
namespace {

std::string sub(const std::string& script, const std::string& text, bool extended = false) {
  return sed_substitute(script, text, extended).value_or("<none>");
}

TEST(SedScript, BasicSubstitutionsLineByLine) {
  EXPECT_EQ(sub("s/set enforce/setenforce/", "set enforce 0\n"), "setenforce 0\n");
  EXPECT_EQ(sub("s/a/b/", "aaa\naa\n"), "baa\nba\n");
  EXPECT_EQ(sub("s/a/b/g", "aaa\naa"), "bbb\nbb");
  EXPECT_EQ(sub("s|/usr/local|/opt|", "/usr/local/bin\n"), "/opt/bin\n");
  EXPECT_EQ(sub("s/\\//:/g", "a/b/c\n"), "a:b:c\n");  // an escaped delimiter is the delimiter
  EXPECT_EQ(sub("s/HOST/x/I", "host\n"), "x\n");
  EXPECT_EQ(sub("s/[0-9]*$//; s/p$//", "/dev/nvme0n1p2\n"), "/dev/nvme0n1\n");
  EXPECT_EQ(sub(" s/a/b/ ;", "a\n"), "b\n");
}

TEST(SedScript, BasicAndExtendedSyntaxDiffer) {
  // BRE: \( \) group, \+ repeats; bare ( ) + are literal.
  EXPECT_EQ(sub("s/\\(ab\\)\\+/[\\1]/", "ababx\n"), "[ab]x\n");
  EXPECT_EQ(sub("s/(x)/y/", "a(x)b\n"), "ayb\n");
  EXPECT_EQ(sub("s/a+/b/", "a+a\n"), "ba\n");
  // ERE: ( ) + are operators.
  EXPECT_EQ(sub("s/(ab)+/[\\1]/", "ababx\n", true), "[ab]x\n");
  // & is the match, \& a literal &.
  EXPECT_EQ(sub("s/[a-z]*/<&>/", "abc1\n"), "<abc>1\n");
  EXPECT_EQ(sub("s/x/\\&/", "x\n"), "&\n");
  // A leading * is literal; a backslash in a bracket is a member.
  EXPECT_EQ(sub("s/*/+/", "a*b\n"), "a+b\n");
  EXPECT_EQ(sub("s/[\\]/|/g", "a\\b\n"), "a|b\n");
}

TEST(SedScript, WhatItCannotModelIsNothingKnown) {
  EXPECT_FALSE(sed_substitute("1d", "a\n", false));                 // a command other than s
  EXPECT_FALSE(sed_substitute("/x/s/a/b/", "a\n", false));          // an address
  EXPECT_FALSE(sed_substitute("s/a/b/p", "a\n", false));            // p prints twice
  EXPECT_FALSE(sed_substitute("s/a/b/w out", "a\n", false));        // writes a file
  EXPECT_FALSE(sed_substitute("s/\\(a\\)\\1/b/", "aa\n", false));   // a back-reference
  EXPECT_FALSE(sed_substitute("s/\\<a/b/", "a\n", false));          // GNU word edges
  EXPECT_FALSE(sed_substitute("s/a/\\2/", "a\n", false));           // a group it lacks
  EXPECT_FALSE(sed_substitute("s/a/b", "a\n", false));              // unterminated
  EXPECT_FALSE(sed_substitute("s//b/", "a\n", false));              // the last pattern again
}

TEST(SedScript, OutputThatWouldExplodeIsNotKnown) {
  // Every position of a 1 MB line replaced by 1 KB (and the match four times):
  // gigabytes, so nothing known, quickly.
  const std::string line(1u << 20, 'x');
  EXPECT_FALSE(sed_substitute("s/x*/" + std::string(1024, 'y') + "/g", line, false));
  EXPECT_FALSE(sed_substitute("s/x*/&&&&&/", line, false));
  // What stays small is computed.
  EXPECT_EQ(sed_substitute("s/x/y/g", line, false)->size(), line.size());
}

TEST(SedScript, AShapesKnownPrefixSurvivesAnEndAnchoredCut) {
  const std::string dev = std::string("/dev/") + kUnknownPart + "\n";
  EXPECT_EQ(sed_suffix_kept("s/p\\?[0-9]*$//", dev), dev);
  EXPECT_EQ(sed_suffix_kept("s/[0-9]*$//; s/p$//", dev), dev);
  // A pattern that may match '/' or is not anchored at the end: nothing known.
  EXPECT_EQ(sed_suffix_kept("s/.*$//", dev), "");
  EXPECT_EQ(sed_suffix_kept("s/dev/x/", dev), "");
  EXPECT_EQ(sed_suffix_kept("s/[^a]*$//", dev), "");
  EXPECT_EQ(sed_suffix_kept("s/\\/x$//", dev), "");
  // A line without '/' is unknown whole.
  EXPECT_EQ(sed_suffix_kept("s/[0-9]*$//", std::string(1, kUnknownPart) + "\n"), std::string(1, kUnknownPart) + "\n");
}

}  // namespace
}  // namespace mai::assess
