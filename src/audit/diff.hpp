// Unified diffs between two submissions' code, recorded with a submission
// that names a parent. Plain line diff (longest common subsequence).
#pragma once
#include <optional>
#include <string>

#include "audit/log.hpp"

namespace mai::audit {

// `diff -u` style: "--- a_name", "+++ b_name", "@@ -l,n +l,n @@" hunks with
// `context` lines around changes. Empty when the texts are equal. A missing
// final newline is marked "\ No newline at end of file".
std::string unified_diff(const std::string& a, const std::string& b, const std::string& a_name = "parent",
                         const std::string& b_name = "submission", int context = 3);

// The submission event: code, its sha256, and, when a parent submission is
// named and its code is known, "parent_request_id" and the unified "diff"
// against it. `extra` members (lang, origin, trust...) are merged in.
Event submission_event(const std::string& request_id, const std::string& code, const json& extra = json::object(),
                       const std::optional<std::string>& parent_request_id = std::nullopt,
                       const std::optional<std::string>& parent_code = std::nullopt);

}  // namespace mai::audit
