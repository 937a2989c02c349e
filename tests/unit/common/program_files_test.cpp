// Which files are programs: by name, by first line, compiled. The first line
// is outside bytes: empty, unterminated, spaced and hostile lines included.
#include "model/program_files.hpp"

#include <gtest/gtest.h>

namespace mai {
namespace {

TEST(ProgramFiles, ByName) {
  EXPECT_EQ(language_of_name("a.py"), Language::python);
  EXPECT_EQ(language_of_name("dir/a.pyw"), Language::python);
  EXPECT_EQ(language_of_name("x.sh"), Language::shell);
  EXPECT_EQ(language_of_name("x.bash"), Language::shell);
  EXPECT_EQ(language_of_name("x.zsh"), Language::shell);
  EXPECT_FALSE(language_of_name(".py"));  // a hidden file named ".py" has no extension
  EXPECT_FALSE(language_of_name("py"));
  EXPECT_FALSE(language_of_name("notes.txt"));
  EXPECT_FALSE(language_of_name("a.py.txt"));
}

TEST(ProgramFiles, ByFirstLine) {
  EXPECT_EQ(language_of_shebang("#!/usr/bin/python3\n"), Language::python);
  EXPECT_EQ(language_of_shebang("#! /usr/bin/env python3.11 -u\nx"), Language::python);
  EXPECT_EQ(language_of_shebang("#!/usr/bin/env -S pypy3 -O"), Language::python);
  EXPECT_EQ(language_of_shebang("#!/usr/bin/env LANG=C bash"), Language::shell);
  EXPECT_EQ(language_of_shebang("#!/bin/sh\r\n"), Language::shell);
  EXPECT_EQ(language_of_shebang("#!/bin/bash -e"), Language::shell);
  EXPECT_EQ(language_of_shebang("#!\tbusybox"), Language::shell);
  EXPECT_FALSE(language_of_shebang(""));
  EXPECT_FALSE(language_of_shebang("#"));
  EXPECT_FALSE(language_of_shebang("#!"));
  EXPECT_FALSE(language_of_shebang("#!\n/bin/sh"));
  EXPECT_FALSE(language_of_shebang("#!/usr/bin/env"));
  EXPECT_FALSE(language_of_shebang("#!/usr/bin/perl\n"));
  EXPECT_FALSE(language_of_shebang("#!/bin/shx"));
  EXPECT_FALSE(language_of_shebang(" #!/bin/sh"));
  std::string spaces = "#!" + std::string(100000, ' ');
  EXPECT_FALSE(language_of_shebang(spaces));
}

TEST(ProgramFiles, Compiled) {
  EXPECT_TRUE(is_compiled_program("tool", std::string("\x7f" "ELF", 4)));
  EXPECT_TRUE(is_compiled_program("m.pyc", ""));
  EXPECT_TRUE(is_compiled_program("lib/_x.so", ""));
  EXPECT_FALSE(is_compiled_program("tool", "\x7f" "EL"));
  EXPECT_FALSE(is_compiled_program("m.py", "print(1)"));
}

}  // namespace
}  // namespace mai
