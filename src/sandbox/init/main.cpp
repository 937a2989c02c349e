// mai-sandbox-init: the sandbox's pid 1. Statically linked and started by the
// host straight after clone(), so it runs with fresh memory, an empty
// environment and only the descriptors listed in init_spec.hpp.
//
//   1. read the spec; enter a new mount namespace; build the root (inputs
//      copied into /sandbox); pivot; hand the host /sandbox and /tmp.
//   2. hostname, loopback (and the deps proxy listener).
//   3. wait until the host has put us in the run's cgroup (it does so while
//      we build the root), enter a new cgroup namespace rooted there.
//   4. fork the payload, wait until it has exec'd, report "ready PID".
//   5. drop every capability, no_new_privs, not dumpable, die with the host.
//   6. reap orphans until the payload exits; report "exit WSTATUS"; exit,
//      which makes the kernel kill everything left in the pid namespace.
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdexcept>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/capabilities.hpp"
#include "sandbox/init/payload.hpp"
#include "sandbox/init_spec.hpp"
#include "sandbox/mounts/rootfs.hpp"
#include "sandbox/network.hpp"
#include "sandbox/writable_handles.hpp"

using namespace mai::sandbox;

namespace {

void report(const std::string& line) {
  std::string msg = line + "\n";
  size_t done = 0;
  while (done < msg.size()) {
    ssize_t n = ::write(init_fd::status, msg.data() + done, msg.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

// The spec ends at a NUL; whatever followed it (perhaps already the 'C') is
// left in `rest`.
std::string read_spec(std::string& rest) {
  std::string text;
  char buf[4096];
  for (;;) {
    size_t nul = text.find('\0');
    if (nul != std::string::npos) {
      rest = text.substr(nul + 1);
      text.resize(nul);
      return text;
    }
    ssize_t n = ::read(init_fd::spec, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("read spec");
    if (n == 0) throw std::runtime_error("the host closed the spec channel early");
    text.append(buf, static_cast<size_t>(n));
  }
}

// Waits for the host's 'C': we are in the run's cgroup, so the program can start.
void await_cgroup(const std::string& rest) {
  char c = rest.empty() ? 0 : rest[0];
  while (c == 0) {
    ssize_t n = ::read(init_fd::spec, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n != 1) throw std::runtime_error("the host did not put the sandbox in its cgroup");
  }
  if (c != 'C') throw std::runtime_error("unexpected message from the host");
  ::close(init_fd::spec);
}

// Forks the payload and waits until it has exec'd (its close-on-exec error
// pipe reads EOF) or failed (the pipe carries the reason).
pid_t start_payload(const InitSpec& spec) {
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0) fail("pipe");
  pid_t pid = ::fork();
  if (pid < 0) fail("fork payload");
  if (pid == 0) {
    ::close(p[0]);
    exec_payload(spec, p[1]);
  }
  ::close(p[1]);
  std::string error;
  char buf[512];
  for (;;) {
    ssize_t n = ::read(p[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    error.append(buf, static_cast<size_t>(n));
  }
  ::close(p[0]);
  if (!error.empty()) {
    ::waitpid(pid, nullptr, 0);
    errno = 0;
    throw std::runtime_error("payload: " + error);
  }
  return pid;
}

// Init keeps nothing the program could use: no capabilities, no output pipes,
// not dumpable (so /proc/1/mem, environ, fd stay closed to uid 1000).
void lock_down_self() {
  drop_bounding_and_ambient();
  clear_capability_sets();
  set_no_new_privs();
  if (::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) fail("PR_SET_DUMPABLE");
  // Last, after every credential change (which would reset it).
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail("PR_SET_PDEATHSIG");
  // The host may already be gone: then the status pipe has no reader.
  pollfd pf{init_fd::status, 0, 0};
  if (::poll(&pf, 1, 0) == 1 && (pf.revents & POLLERR)) ::_exit(1);
}

int reap_until(pid_t payload) {
  for (;;) {
    int st = 0;
    pid_t w = ::waitpid(-1, &st, 0);
    if (w == payload) return st;
    if (w < 0 && errno != EINTR) return -1;
  }
}

}  // namespace

int main() {
  pid_t payload = -1;
  try {
    std::string rest;
    InitSpec spec = decode_spec(read_spec(rest));
    RootfsOptions ro;
    ro.run_dir_fd = init_fd::run_dir;
    ro.tmpfs_bytes = spec.tmpfs_bytes;
    ro.code_name = spec.code_name;
    ro.inputs = spec.inputs;
    build_rootfs(ro);
    // Before any code runs: the host reads the files from these after the run.
    send_writable_handles(init_fd::spec);
    ::close(init_fd::run_dir);
    set_hostname(spec.hostname);
    bring_up_loopback();
    if (spec.deps_network) send_proxy_listener(init_fd::proxy_sock, spec.proxy_port);
    ::close(init_fd::proxy_sock);
    // Only now is the host done moving us into the run's cgroup; the new
    // cgroup namespace is rooted there.
    await_cgroup(rest);
    if (::unshare(CLONE_NEWCGROUP) != 0) fail("unshare cgroup namespace");
    payload = start_payload(spec);
    // Only the payload's tree holds the output pipes from here on.
    ::close(init_fd::stdin_null);
    ::close(init_fd::out);
    ::close(init_fd::err);
    lock_down_self();
  } catch (const std::exception& e) {
    report(std::string("error ") + e.what());
    return 1;
  }
  report("ready " + std::to_string(payload));
  int st = reap_until(payload);
  report("exit " + std::to_string(st));
  return 0;
}
