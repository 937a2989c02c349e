#include "assess/source_text.hpp"

#include <gtest/gtest.h>

#include "assess/assessor.hpp"
#include "common/utf8.hpp"
#include "config/config_source.hpp"

namespace mai::assess {
namespace {

// Expected declarations are what Python's tokenize.detect_encoding() says.
TEST(SourceText, CodingDeclarationFollowsPep263) {
  EXPECT_EQ(python_coding_declaration("# -*- coding: latin-1 -*-\nx = 1\n"), "latin-1");
  EXPECT_EQ(python_coding_declaration("#!/usr/bin/python\n# vim: set fileencoding=cp1252 :\n"),
            "cp1252");
  EXPECT_EQ(python_coding_declaration("\n# coding=utf8\n"), "utf8");
  EXPECT_EQ(python_coding_declaration("  # coding: iso_8859_15\n"), "iso_8859_15");
  EXPECT_EQ(python_coding_declaration("# foo coding bar coding: koi8-r\n"), "koi8-r");
  EXPECT_EQ(python_coding_declaration("x = 1\n# coding: latin-1\n"), "");    // code on line 1
  EXPECT_EQ(python_coding_declaration("print(1) # coding: latin-1\n"), "");  // not a comment line
  EXPECT_EQ(python_coding_declaration("#!/bin/python\n\n# coding: latin-1\n"), "");  // line 3
}

TEST(SourceText, DecodesDeclaredEncodings) {
  auto latin = source_text("# coding: latin-1\ns = '\xE9t\xE9'\n", Language::python);
  EXPECT_EQ(latin.encoding, "latin-1");
  EXPECT_FALSE(latin.lossy);
  EXPECT_EQ(latin.text, "# coding: latin-1\ns = '\xC3\xA9t\xC3\xA9'\n");
  auto cp1252 = source_text("# coding: cp1252\ns = '\x80'\n", Language::python);
  EXPECT_EQ(cp1252.text, "# coding: cp1252\ns = '\xE2\x82\xAC'\n");  // the euro sign
  auto bom = source_text("\xEF\xBB\xBFprint(1)\n", Language::python);
  EXPECT_EQ(bom.text, "print(1)\n");
  auto utf16 = source_text(std::string("\xFF\xFEp\0r\0i\0n\0t\0(\0)\0", 16), Language::python);
  EXPECT_EQ(utf16.encoding, "UTF-16LE");
  EXPECT_EQ(utf16.text, "print()");
}

TEST(SourceText, InvalidBytesBecomeReplacementCharacters) {
  auto s = source_text("print(\"\xFF\")\n", Language::python);
  EXPECT_TRUE(s.lossy);
  EXPECT_EQ(s.text, "print(\"\xEF\xBF\xBD\")\n");
  auto sh = source_text("echo \xFE\xFF\n", Language::shell);
  EXPECT_TRUE(is_valid_utf8(sh.text));
  // An unknown or refused codec name is read as UTF-8, never passed on blindly.
  auto odd = source_text("# coding: iso-2022-cn-ext\nx = '\xFF'\n", Language::python);
  EXPECT_EQ(odd.encoding, "unknown:iso-2022-cn-ext");
  EXPECT_TRUE(is_valid_utf8(odd.text));
}

// What the analysis sees is the decoded program: a Latin-1 file is assessed
// like its UTF-8 twin, and its hash still covers the exact bytes.
TEST(SourceText, AssessorAnalysesDecodedTextAndHashesBytes) {
  auto engine = Assessor::from_config(config::Source(std::nullopt));
  std::string utf8 = "import os\nos.system('rm -rf /')  # caf\xC3\xA9\n";
  std::string latin = "# coding: latin-1\nimport os\nos.system('rm -rf /')  # caf\xE9\n";
  auto a = engine.assess(utf8, Language::python, Origin::external);
  auto b = engine.assess(latin, Language::python, Origin::external);
  EXPECT_EQ(a.level, b.level);
  EXPECT_NE(a.code_sha256, b.code_sha256);
  for (const auto& f : b.findings) EXPECT_TRUE(is_valid_utf8(f.snippet)) << f.rule_id;
  auto bad = engine.assess("import os\nos.system('rm -rf /')\nx = '\xFF'\n", Language::python,
                           Origin::external);
  EXPECT_EQ(bad.level, a.level);
}

}  // namespace
}  // namespace mai::assess
