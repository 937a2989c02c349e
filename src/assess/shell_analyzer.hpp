// The structural pass over shell scripts: simple commands (with sudo/env/nohup/
// xargs/... wrappers peeled off), pipelines, redirections, variables assigned
// constants, functions (fork bombs), `sh -c`/`eval`/`python -c`/heredoc code,
// `find -exec`, command substitutions and base64 pipelines, each analyzed in
// turn. Reports Observations (kind command) to an Analysis.
#pragma once
#include <string_view>

#include "assess/analysis.hpp"

namespace mai::assess {

void analyze_shell(std::string_view code, Analysis& a);

}  // namespace mai::assess
