#include "sandbox/seccomp_compile.hpp"

#include <seccomp.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "sandbox/seccomp_table.hpp"
#include "sandbox/write_intent_calls.hpp"

namespace mai::sandbox {

namespace {

[[noreturn]] void fail(const std::string& what, int rc) {
  throw std::runtime_error("seccomp: " + what + ": " + std::strerror(-rc));
}

struct Ctx {
  scmp_filter_ctx ctx;
  ~Ctx() { seccomp_release(ctx); }
};

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

scmp_arg_cmp to_scmp(const SyscallArgCmp& a) {
  switch (a.op) {
    case SyscallArgCmp::Op::eq: return {a.index, SCMP_CMP_EQ, a.value, 0};
    case SyscallArgCmp::Op::gt: return {a.index, SCMP_CMP_GT, a.value, 0};
    case SyscallArgCmp::Op::masked_eq: return {a.index, SCMP_CMP_MASKED_EQ, a.value, a.datum};
  }
  throw std::runtime_error("seccomp: unknown comparison");
}

// System calls newer than the libseccomp we build with (Debian 12's 2.5.4),
// which resolves them to nothing: the rule was skipped and the call allowed
// (open_tree_attr, Linux 6.15, answered EINVAL on a 6.18 host instead of
// EPERM). Since Linux 5.1 a new system call has one number on every
// architecture but alpha, so the table holds for the two we build on.
#if defined(__x86_64__) || defined(__aarch64__)
constexpr std::pair<const char*, int> kNewer[] = {{"open_tree_attr", 467}};
#endif

int newer_syscall_number(const std::string& name) {
#if defined(__x86_64__) || defined(__aarch64__)
  for (const auto& [n, nr] : kNewer)
    if (name == n) return nr;
#endif
  return __NR_SCMP_ERROR;
}

int syscall_number(const std::string& name) {
  int nr = seccomp_syscall_resolve_name(name.c_str());
  return nr == __NR_SCMP_ERROR ? newer_syscall_number(name) : nr;
}

}  // namespace

int highest_known_syscall() {
  int highest = -1;
  // Numbers are dense below the highest; 1024 is far past any architecture's.
  for (int nr = 0; nr < 1024; ++nr) {
    char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, nr);
    if (name) highest = nr;
    std::free(name);
  }
  return highest;
}

namespace {

void add(scmp_filter_ctx ctx, const SyscallRule& r) {
  int nr = syscall_number(r.name);
  if (nr == __NR_SCMP_ERROR) return;  // unknown to this libseccomp and to the table above
  std::vector<scmp_arg_cmp> args;
  for (const auto& a : r.args) args.push_back(to_scmp(a));
  int rc = seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(static_cast<uint16_t>(r.errno_value)), nr,
                                  static_cast<unsigned>(args.size()), args.empty() ? nullptr : args.data());
  if (rc != 0) fail("rule for " + r.name, rc);
}

// Write-intent calls go to the supervisor; an open only when its flags write.
void add_notify(scmp_filter_ctx ctx, const WriteIntentCall& c) {
  int nr = seccomp_syscall_resolve_name(c.name.c_str());
  if (nr == __NR_SCMP_ERROR) return;
  std::vector<std::vector<scmp_arg_cmp>> rules;
  if (c.open_flags_arg < 0) rules.push_back({});
  for (uint64_t bit = 1; c.open_flags_arg >= 0 && bit <= write_open_flags(); bit <<= 1)
    if (write_open_flags() & bit)
      rules.push_back({{static_cast<unsigned>(c.open_flags_arg), SCMP_CMP_MASKED_EQ, bit, bit}});
  for (const auto& args : rules) {
    int rc = seccomp_rule_add_array(ctx, SCMP_ACT_NOTIFY, nr, static_cast<unsigned>(args.size()),
                                    args.empty() ? nullptr : args.data());
    if (rc != 0) fail("write-intent rule for " + c.name, rc);
  }
}

}  // namespace

std::vector<sock_filter> compile_seccomp_filter(bool refuse, bool notify) {
  Ctx c{seccomp_init(SCMP_ACT_ALLOW)};
  if (!c.ctx) throw std::runtime_error("seccomp_init failed");
  // Other architectures (i386, x32) could reach syscalls under other numbers.
  int rc = seccomp_attr_set(c.ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  if (rc != 0) fail("bad-arch action", rc);
  // Every allowed syscall walks the filter: a binary tree over syscall
  // numbers costs a handful of comparisons instead of one per rule.
  rc = seccomp_attr_set(c.ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);
  if (rc != 0) fail("optimize", rc);
  if (refuse)
    for (const auto& r : seccomp_rules()) add(c.ctx, r);
  if (notify)
    for (const auto& w : write_intent_calls()) add_notify(c.ctx, w);
  // libseccomp 2.5 exports only to a descriptor.
  Fd out{::memfd_create("seccomp-bpf", MFD_CLOEXEC)};
  if (out.fd < 0) fail("memfd_create", -errno);
  rc = seccomp_export_bpf(c.ctx, out.fd);
  if (rc != 0) fail("export", rc);
  off_t size = ::lseek(out.fd, 0, SEEK_END);
  if (size <= 0 || size % static_cast<off_t>(sizeof(sock_filter)) != 0)
    throw std::runtime_error("seccomp: export: unexpected size " + std::to_string(size));
  std::vector<sock_filter> program(static_cast<size_t>(size) / sizeof(sock_filter));
  if (::pread(out.fd, program.data(), static_cast<size_t>(size), 0) != size) fail("read back", -errno);
  return program;
}

}  // namespace mai::sandbox
