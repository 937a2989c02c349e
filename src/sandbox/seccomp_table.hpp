// The payload's system-call policy as data: the one table from which both the
// native libseccomp filter (seccomp_policy.cpp) and the Docker backend's JSON
// profile (docker/seccomp_profile_json.cpp) are generated, so the two backends
// cannot drift apart. Default action: allow; every rule below refuses.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mai::sandbox {

struct SyscallArgCmp {
  enum class Op { eq, gt, masked_eq };
  unsigned index = 0;  // argument number, 0..5
  Op op = Op::eq;
  uint64_t value = 0;  // eq/gt: the datum; masked_eq: the mask
  uint64_t datum = 0;  // masked_eq only: (arg & value) == datum
};

struct SyscallRule {
  std::string name;
  int errno_value = 0;  // the call fails with this errno
  // All must match (AND). Several rules for one name OR together.
  std::vector<SyscallArgCmp> args;
};

// Every rule of the policy, in a stable order.
const std::vector<SyscallRule>& seccomp_rules();

}  // namespace mai::sandbox
