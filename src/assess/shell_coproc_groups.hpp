// The bash grammar has no coproc: `coproc NAME { CMD; }` parses as a command
// whose words end at the `;`, and the group's `}` then closes whatever brace
// group is open around it (a function's body ends early, and the rest of the
// function runs at the top level, before anything calls it).
//
// A coproc group's closing `}` (and the `;` or newline before it) is blanked
// out, keeping every line and column: the grammar then sees one command,
// `coproc NAME { CMD ...`, which the shell interpreter runs as a coprocess.
#pragma once
#include <string>
#include <string_view>

namespace mai::assess {

// The code with each coproc group's closing brace blanked, or "" when it has
// none (the code is used as it is).
std::string blank_coproc_group_ends(std::string_view code);

}  // namespace mai::assess
