#include "sandbox/init/payload.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdexcept>
#include <string>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

#include "sandbox/capabilities.hpp"
#include "sandbox/fd_passing.hpp"
#include "sandbox/seccomp_policy.hpp"

namespace mai::sandbox {

namespace {

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

void set_limit(int resource, rlim_t value, const char* name) {
  rlimit r{value, value};
  if (::setrlimit(static_cast<__rlimit_resource_t>(resource), &r) != 0) fail(std::string("setrlimit ") + name);
}

// stdin is the sandbox's own /dev/null; stdout/stderr stay the host's pipes;
// a warm prestart's go pipe becomes fd 3; every other descriptor except the
// error channel (renumbered in place) is closed.
void arrange_descriptors(int& error_fd, int go_fd) {
  // Out of the way of 0..3 first, so no dup2 below lands on one of them.
  int err = ::fcntl(error_fd, F_DUPFD_CLOEXEC, 10);
  if (err < 0) fail("move the error channel");
  ::close(error_fd);
  error_fd = err;
  int go = go_fd >= 0 ? ::fcntl(go_fd, F_DUPFD, 10) : -1;
  if (go_fd >= 0 && go < 0) fail("move the go pipe");
  int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_fd < 0) fail("open /dev/null");
  if (::dup2(null_fd, 0) != 0) fail("dup2 stdin");
  ::close(null_fd);
  if (go >= 0 && ::dup2(go, 3) != 3) fail("dup2 go pipe");  // dup2 clears close-on-exec
  // err is close-on-exec and goes away with execve.
  unsigned first = go >= 0 ? 4u : 3u;
  if (static_cast<unsigned>(err) > first) ::syscall(SYS_close_range, first, static_cast<unsigned>(err - 1), 0u);
  ::syscall(SYS_close_range, static_cast<unsigned>(err + 1), ~0u, 0u);
}

// The payload starts with every signal at its default and none blocked,
// whatever the supervising process had (a service blocks SIGTERM for
// sigwait() and ignores SIGPIPE; both survive fork and execve).
void reset_signals() {
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP) ::sigaction(sig, &dfl, nullptr);  // EINVAL for 32/33: fine
  sigset_t none;
  sigemptyset(&none);
  if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0) fail("sigprocmask");
}

void become_sandbox_user() {
  if (::setgroups(0, nullptr) != 0) fail("setgroups");
  if (::setresgid(kSandboxGid, kSandboxGid, kSandboxGid) != 0) fail("setresgid");
  if (::setresuid(kSandboxUid, kSandboxUid, kSandboxUid) != 0) fail("setresuid");
}

}  // namespace

void exec_payload(const InitSpec& spec, int error_fd, int go_fd, SameCpuFork& cpu) {
  try {
    // The init's CPU set, not the one CPU the fork started us on.
    if (!cpu.restore()) fail("restore the CPU set");
    if (::setsid() < 0) fail("setsid");
    reset_signals();
    arrange_descriptors(error_fd, go_fd);
    if (::chdir("/sandbox") != 0) fail("chdir /sandbox");
    // Before the uid change: RLIMIT_NPROC and RLIMIT_SIGPENDING then count
    // this run's own uid (no other run has it).
    for (const auto& [resource, value] : spec.rlimits)
      set_limit(resource, static_cast<rlim_t>(value), std::to_string(resource).c_str());
    // The bounding set needs CAP_SETPCAP to shrink, so it goes before the uid change;
    // the uid change then empties permitted and effective, capset the rest.
    drop_bounding_and_ambient();
    become_sandbox_user();
    clear_capability_sets();
    set_no_new_privs();
    int listener = apply_seccomp_policy(spec.watch_writes);
    if (listener >= 0) {
      // From here on a write-intent call waits for the host to answer it.
      if (!send_fds(error_fd, 'N', {listener})) fail("send the write listener");
      ::close(listener);
    }

    std::vector<char*> argv, envp;
    for (const auto& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    for (const auto& e : spec.env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    ::execve(argv[0], argv.data(), envp.data());
    fail(std::string("execve ") + spec.argv[0]);
  } catch (const std::exception& e) {
    std::string msg = e.what();
    ssize_t ignored = ::write(error_fd, msg.data(), msg.size());
    (void)ignored;
  }
  ::_exit(127);
}

}  // namespace mai::sandbox
