// The text the assessor analyses, from the bytes it was given.
//
// Code is bytes; its hash covers them exactly. What runs, though, is what the
// interpreter reads, so a Python file is decoded by Python's own rules
// (PEP 263 and PEP 3120): a UTF-8 byte order mark, else a coding declaration
// on line 1 or 2, else UTF-8. Shell is bytes to bash. Whatever cannot be
// decoded becomes U+FFFD, so the analysis always sees valid UTF-8 with the
// lines and structure of the original.
#pragma once
#include <string>
#include <string_view>

#include "model/enums.hpp"

namespace mai::assess {

struct SourceText {
  std::string text;      // valid UTF-8
  std::string encoding;  // what it was decoded from: "utf-8", "latin-1", "utf-16-le", ...
  bool lossy = false;    // some bytes were not valid in that encoding
};

SourceText source_text(std::string_view code, Language language);

// The encoding a PEP 263 declaration in the first two lines names, if any
// ("# -*- coding: latin-1 -*-", "# vim: set fileencoding=cp1252 :").
std::string python_coding_declaration(std::string_view code);

}  // namespace mai::assess
