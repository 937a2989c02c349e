// The programs among a submission's inputs. The code may import or run any
// of them (`import helper`, `bash tool.sh`), so the assessor reads them with
// the code and the submission's level is the highest of all.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "assess/assessor.hpp"
#include "model/assessment.hpp"
#include "model/run_files.hpp"

namespace mai::assess {

// Programs are named .py/.sh/... or start with "#!"; compiled ones (ELF,
// bytecode) are named in `compiled`. Up to `max_bytes` of programs together
// are copied in submitted order; those that do not fit are named in
// `over_limit`. The other text inputs are copied into `texts` with what the
// programs leave of `max_bytes` (those past it are left out).
CodeInputs code_inputs(const std::vector<InputFile>& inputs, uint64_t max_bytes);

// The code's assessment with its program inputs folded in: every input's
// findings (named by `file`), its level in `inputs`, the highest level overall
// and a BLOCKED explanation that says which file. An unread program counts
// against the submission: over the limit is BLOCKED, compiled is MEDIUM.
// When the code (or a program input) runs code it does not hold (DYNAMIC-CODE:
// `exec(open(NAME).read())`, `source NAME`), each text input is read as code
// of that language too, and counts where it shows anything.
Assessment assess_with_inputs(const Assessor& assessor, std::string_view code, Language language, Origin origin,
                              const CodeInputs& inputs);

}  // namespace mai::assess
