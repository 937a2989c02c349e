// Build-time generator: prints seccomp_programs.hpp, the payload's filters as
// BPF programs compiled by libseccomp (seccomp_compile.hpp), so that each
// sandbox loads them with seccomp(2) instead of compiling them again (about
// 0.5 ms of libseccomp per sandbox).
#include <cstdio>
#include <exception>

#include "sandbox/seccomp_compile.hpp"

namespace {

void print(const char* name, bool refuse, bool notify) {
  auto program = mai::sandbox::compile_seccomp_filter(refuse, notify);
  std::printf("inline constexpr sock_filter %s[] = {\n", name);
  for (const auto& i : program)
    std::printf("    {0x%04x, %u, %u, 0x%08xU},\n", i.code, i.jt, i.jf, i.k);
  std::printf("};\n\n");
}

}  // namespace

int main() {
  try {
    std::printf(
        "// Generated at build time by seccomp_bpf_gen from seccomp_table.cpp and\n"
        "// write_intent_calls.cpp: do not edit. The payload's filters (seccomp_policy.hpp).\n"
        "#pragma once\n#include <linux/filter.h>\n\nnamespace mai::sandbox::seccomp_programs {\n\n");
    print("refuse", true, false);
    print("refuse_and_notify", true, true);
    print("notify", false, true);
    std::printf("inline constexpr unsigned highest_known_syscall = %d;\n\n", mai::sandbox::highest_known_syscall());
    std::printf("}  // namespace mai::sandbox::seccomp_programs\n");
    return std::fflush(stdout) == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "seccomp_bpf_gen: %s\n", e.what());
    return 1;
  }
}
