// tree-sitter-bash 0.21 cannot parse some valid lines (a `|` in an
// expansion's default: SKIP="${SKIP:-loop|sr|zram}") and does not always
// recover after them: the rest of the file can become one ERROR node, and
// every command in it unseen. An analyser that misses a whole file because
// of one line it cannot read is easy to evade.
//
// Such a line is blanked (spaces, its newline kept, so every other line and
// column keeps its place) and the code parsed again; the new tree is kept
// only when less of the code is in errors than before.
#pragma once
#include <string>

#include "assess/syntax_tree.hpp"

namespace mai::assess {

// Bytes of the code inside ERROR nodes (outermost ones).
size_t error_bytes(const SyntaxTree& tree);

// The tree's code with the line of its first innermost error blanked, or ""
// when no error spans more than its own line (blanking would gain nothing).
std::string blank_first_unparsable_line(const SyntaxTree& tree);

// Parses `code` and, up to `rounds` times, blanks a line the grammar could
// not parse and parses again while that leaves less of the code in errors.
// `storage` keeps the text the returned tree points into.
SyntaxTree parse_around_unparsable_lines(std::string_view code, Language language, std::string& storage,
                                         int rounds = 4);

}  // namespace mai::assess
