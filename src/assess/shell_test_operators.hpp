// tree-sitter-bash 0.21 has no string ordering in `[ A \< B ]` (`test A \> B`):
// the escaped operator makes the whole test, and often the rest of the
// script with it, one parse error, and nothing after it is analysed (a
// date check before `rm -rf /`). Each such operator is rewritten as `!=`,
// the same two columns, which the grammar reads as a comparison: lines and
// columns stay, and a comparison of unknown text is unknown either way.
#pragma once
#include <string>
#include <string_view>

namespace mai::assess {

// The code with each escaped ordering operator of a test rewritten, or ""
// when it has none (the code is used as it is).
std::string rewrite_test_orderings(std::string_view code);

}  // namespace mai::assess
