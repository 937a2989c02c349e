// Field checks for a submission that arrives from another process. A local
// `run` builds its Submission from parsed options; a remote one is whatever a
// peer sent, so every enum, limit and string is checked before anything
// records, logs or acts on it.
#pragma once
#include <optional>
#include <string>

#include "model/submission.hpp"

namespace mai {

// nullopt when every field is in range; otherwise what is wrong, in words.
// The code size is the gateway's business (it is a policy limit, not a format).
// The fewest processes a sandbox can run with: its init and the program.
constexpr uint32_t kMinPids = 2;

std::optional<std::string> check_submission_fields(const Submission&);

// The inputs' names: each a safe relative path (common/relative_path.hpp), no
// two alike, none inside another ("a" and "a/b"), none named like the code.
std::optional<std::string> check_input_names(const std::vector<InputFile>&);
// Count and total size against config files.max_inputs / max_inputs_size.
std::optional<std::string> check_input_sizes(const std::vector<InputFile>&, uint32_t max_inputs,
                                             uint64_t max_bytes);

}  // namespace mai
