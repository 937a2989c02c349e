// tree-sitter-bash 0.21 takes two or more assignments on a line of their own
// (`url="$1" dest="$2"`) as the prefix of whatever follows on the next lines:
// more assignments, a command, even an `if`, whose words then lose their
// structure (the wget under it is no command at all). Bash ends the
// statement at the newline.
//
// Each such line gets a `;` before its newline, so every line keeps its
// number and every column before the end of the line its place; the code is
// then parsed again.
#pragma once
#include <string>

#include "assess/syntax_tree.hpp"

namespace mai::assess {

// Whether an unescaped newline ends the line between byte `from` and node
// `next` (the grammar can put the line break inside the next word).
bool line_ends_before(const SyntaxTree& tree, uint32_t from, NodeId next);

// The tree's code with a `;` after each line of assignments the grammar
// joined to the next line, or "" when there is none.
std::string terminate_assignment_lines(const SyntaxTree& tree);

}  // namespace mai::assess
