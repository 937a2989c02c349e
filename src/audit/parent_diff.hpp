// A submission that names its parent (data.parent_request_id) gets, unless
// the sender gave one, the unified diff against the parent's code
// (data.diff and data.parent_code_sha256), or data.parent_found = false, or
// data.diff_omitted when the diff would exceed max_record.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "audit/record.hpp"

namespace mai::audit {

class Store;

// `batch_code`: request id -> code of the submissions met so far in the
// batch being written (not yet in `store`); `r`'s code is added to it.
// Returns whether r.data changed.
bool add_parent_diff(const Store& store, Record& r, std::map<std::string, std::string>& batch_code,
                     uint64_t max_record_bytes);

// The code of the submission of `request_id` in `store`, if any.
std::optional<std::string> stored_submission_code(const Store& store, const std::string& request_id);

}  // namespace mai::audit
