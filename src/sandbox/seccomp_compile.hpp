// The payload's system-call filter compiled by libseccomp from the rules
// (seccomp_table.hpp, write_intent_calls.hpp) into a classic BPF program for
// this build's architecture. Run once at build time by seccomp_bpf_gen,
// whose output (seccomp_programs.hpp) the sandbox loads with seccomp(2)
// directly, and by the test proving the built-in programs are current.
// Not linked into mai-sandbox-init.
#pragma once
#include <linux/filter.h>

#include <vector>

namespace mai::sandbox {

// `refuse`: seccomp_rules() fail with their errno; `notify`: the write-intent
// calls go to a listener (SECCOMP_RET_USER_NOTIF). Any other architecture's
// calls (i386, x32) kill the process. Throws std::runtime_error.
std::vector<sock_filter> compile_seccomp_filter(bool refuse, bool notify);

// The highest system-call number of this architecture that libseccomp can
// name: any number above it is a call newer than the rules were written
// against, refused with ENOSYS (seccomp_policy.hpp); the few newer ones the
// rules name (seccomp_compile.cpp's table) keep their own answer.
int highest_known_syscall();

}  // namespace mai::sandbox
