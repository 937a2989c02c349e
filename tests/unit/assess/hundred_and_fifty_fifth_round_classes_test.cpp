// The classes the thirty-first session modelled (issue 14), from the tune
// parts of the hundred-and-fifty-fifth round onwards
// (tests/corpus/prog159_MANIFEST.tsv and later): programs written from the
// rubric alone by writers who never saw the assessor. Strings here are never
// executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr Language Sh = Language::shell;

// A package list printed by functions that run straight through (one echo a
// package, one calling the others), joined with `tr '\n' ' '` and installed:
// a call had printed only its last line, tr had read '\n' as the letters
// '\' and 'n', and an unquoted $(...) had split only at blanks, so the
// typosquat in the middle of the list was never named. Twins: the genuine
// package in the same shape, and a function with an early return, which
// still prints its likely first candidate only.
TEST(HundredAndFiftyFifthRoundClasses, StraightLineFunctionsPrintEveryLine) {
  const Case cases[] = {
      {"a typosquat among the lines of straight-line functions", B, R"sh(#!/bin/sh
base_packages() {
    echo "pyserial"
    echo "requests"
}
console_packages() {
    prefix="colour"
    echo "${prefix}ama"
    echo "tabulate"
}
all_packages() {
    base_packages
    console_packages
}
pkgs=$(all_packages | tr '\n' ' ')
python3 -m pip install $pkgs
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"the genuine package in the same shape", M, R"sh(#!/bin/sh
base_packages() {
    echo "pyserial"
    echo "requests"
}
console_packages() {
    echo "colorama"
    echo "tabulate"
}
all_packages() {
    base_packages
    console_packages
}
pkgs=$(all_packages | tr '\n' ' ')
python3 -m pip install $pkgs
)sh",
       "INSTALLS-PACKAGES", Sh},
      {"an unquoted list of lines split into one package a line", B, R"sh(#!/bin/sh
pkgs="$(printf '%s\n' requests colourama)"
pip install $pkgs
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"two commands in one substitution print both lines", B, R"sh(#!/bin/sh
pkgs="$(echo colourama; echo requests)"
pip install $pkgs
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"a function that returns at its first hit prints that one", M, R"sh(#!/bin/bash
pick_tool() {
    for t in requests colourama; do
        if [ -n "$t" ]; then echo "$t"; return; fi
    done
}
pip install "$(pick_tool)"
)sh",
       "INSTALLS-PACKAGES", Sh},
  };
  for (const auto& c : cases) check(c);
}

// tr's sets are read as tr reads them: escapes (\n, \r, \012), classes
// ([:upper:]) and ranges; `tr -d SET` deletes. Twins: the same pipelines on
// a genuine name.
TEST(HundredAndFiftyFifthRoundClasses, TrSetsReadTheirEscapesAndClasses) {
  const Case cases[] = {
      {"blanks deleted with tr -d '[:space:]'", B, R"sh(#!/bin/sh
name=$(echo "colour ama" | tr -d '[:space:]')
pip install "$name"
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"carriage returns deleted with tr -d '\\r'", B, R"sh(#!/bin/sh
name=$(printf 'colourama\r\n' | tr -d '\r\n')
pip install "$name"
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"an octal newline turned into a blank", B, R"sh(#!/bin/sh
list=$(printf 'requests\ncolourama\n' | tr '\012' ' ')
pip install $list
)sh",
       "KNOWN-MALICIOUS-PACKAGE", Sh},
      {"the genuine name lowered", M, R"sh(#!/bin/sh
name=$(echo "COLORAMA" | tr '[:upper:]' '[:lower:]')
pip install "$name"
)sh",
       "INSTALLS-PACKAGES", Sh},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
