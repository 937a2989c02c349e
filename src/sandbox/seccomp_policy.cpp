#include "sandbox/seccomp_policy.hpp"

#include <cstring>
#include <fcntl.h>
#include <seccomp.h>
#include <set>
#include <stdexcept>

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

scmp_arg_cmp to_scmp(const SyscallArgCmp& a) {
  switch (a.op) {
    case SyscallArgCmp::Op::eq: return {a.index, SCMP_CMP_EQ, a.value, 0};
    case SyscallArgCmp::Op::gt: return {a.index, SCMP_CMP_GT, a.value, 0};
    case SyscallArgCmp::Op::masked_eq: return {a.index, SCMP_CMP_MASKED_EQ, a.value, a.datum};
  }
  throw std::runtime_error("seccomp: unknown comparison");
}

void add(scmp_filter_ctx ctx, const SyscallRule& r) {
  int nr = seccomp_syscall_resolve_name(r.name.c_str());
  if (nr == __NR_SCMP_ERROR) return;  // unknown to this libseccomp
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

std::vector<std::string> refused_syscalls() {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& r : seccomp_rules())
    if (r.args.empty() && seen.insert(r.name).second) out.push_back(r.name);
  return out;
}

namespace {

// Loads a filter refusing seccomp_rules() (`refuse`) and handing the
// write-intent calls to a listener (`notify`); returns the listener or -1.
int load_filter(bool refuse, bool notify) {
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
  // With notify rules libseccomp loads with SECCOMP_FILTER_FLAG_NEW_LISTENER.
  rc = seccomp_load(c.ctx);
  if (rc != 0) fail("load", rc);
  if (!notify) return -1;
  int listener = seccomp_notify_fd(c.ctx);
  if (listener < 0) fail("listener", listener);
  ::fcntl(listener, F_SETFD, FD_CLOEXEC);
  return listener;
}

}  // namespace

int apply_seccomp_policy(bool notify_writes) { return load_filter(true, notify_writes); }

int apply_write_watch_filter() { return load_filter(false, true); }

}  // namespace mai::sandbox
