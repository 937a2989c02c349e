#include "sandbox/docker/seccomp_profile_json.hpp"

#include "sandbox/seccomp_table.hpp"

namespace mai::sandbox::docker {

namespace {

const char* op_name(SyscallArgCmp::Op op) {
  switch (op) {
    case SyscallArgCmp::Op::eq: return "SCMP_CMP_EQ";
    case SyscallArgCmp::Op::gt: return "SCMP_CMP_GT";
    case SyscallArgCmp::Op::masked_eq: return "SCMP_CMP_MASKED_EQ";
  }
  return "SCMP_CMP_EQ";
}

}  // namespace

nlohmann::json seccomp_profile_json() {
  nlohmann::json rules = nlohmann::json::array();
  for (const auto& r : seccomp_rules()) {
    nlohmann::json args = nlohmann::json::array();
    for (const auto& a : r.args)
      // runc: MASKED_EQ takes the mask in value and the datum in valueTwo.
      args.push_back({{"index", a.index},
                      {"value", a.value},
                      {"valueTwo", a.op == SyscallArgCmp::Op::masked_eq ? a.datum : 0},
                      {"op", op_name(a.op)}});
    nlohmann::json rule = {{"names", {r.name}},
                           {"action", "SCMP_ACT_ERRNO"},
                           {"errnoRet", r.errno_value}};
    if (!args.empty()) rule["args"] = std::move(args);
    rules.push_back(std::move(rule));
  }
  return {{"defaultAction", "SCMP_ACT_ALLOW"},
          {"architectures", {"SCMP_ARCH_X86_64"}},
          {"syscalls", std::move(rules)}};
}

}  // namespace mai::sandbox::docker
