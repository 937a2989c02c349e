// The Docker seccomp profile (the JSON of `--security-opt seccomp=...`)
// generated from the same table as the native filter (seccomp_table.hpp).
#pragma once
#include <nlohmann/json.hpp>

namespace mai::sandbox::docker {

// Default allow; every rule of the table refuses with its errno; x86-64 only
// (calls of other architectures get the default action of runc's filter for
// unlisted architectures, which is to refuse them).
nlohmann::json seccomp_profile_json();

}  // namespace mai::sandbox::docker
