#include "sandbox/docker/init_exit.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <poll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/docker_watch_protocol.hpp"

namespace mai::sandbox::docker {

namespace {

bool readable(int fd, int events, long timeout_ms) {
  pollfd pf{fd, static_cast<short>(events), 0};
  int rc;
  do rc = ::poll(&pf, 1, static_cast<int>(timeout_ms));
  while (rc < 0 && errno == EINTR);
  return rc == 1;
}

// The peer's pid in its innermost pid namespace (the last NSpid field).
pid_t innermost_pid(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 6, "NSpid:") != 0) continue;
    std::istringstream fields(line.substr(6));
    long last = 0;
    for (long v; fields >> v;) last = v;
    return static_cast<pid_t>(last);
  }
  return 0;
}

}  // namespace

UniqueFd init_pidfd(pid_t pid, int conn) {
  if (pid <= 0 || conn < 0) return UniqueFd();
  UniqueFd pidfd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
  if (pidfd.fd < 0) return UniqueFd();  // a kernel before 5.3: the daemon says the end
  // After the pidfd was opened: the peer still holds its end of the
  // connection (only it does, and it waits for our answer), so the pid is
  // still the peer's and the pidfd names it; and it is pid 1 where it lives.
  if (innermost_pid(pid) != 1 || readable(conn, POLLRDHUP, 0) || readable(pidfd.fd, POLLIN, 0)) return UniqueFd();
  return pidfd;
}

std::unique_ptr<InitExit> InitExit::open(EntryLink link) {
  if (link.conn.fd < 0 || link.pidfd.fd < 0) return nullptr;
  return std::unique_ptr<InitExit>(new InitExit(std::move(link)));
}

InitExit::~InitExit() = default;

InitExit::End InitExit::wait(long timeout_ms) {
  End end;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  bool listening = true;  // until the connection gave its one message, or nothing usable
  for (;;) {
    pollfd pf[2] = {{link_.pidfd.fd, POLLIN, 0}, {listening ? link_.conn.fd : -1, POLLIN, 0}};
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    int rc = ::poll(pf, 2, static_cast<int>(std::max<long>(0, static_cast<long>(left.count()))));
    if (rc < 0 && errno == EINTR) continue;
    end.at = std::chrono::steady_clock::now();
    if (rc <= 0) return end;
    // Read whenever pid 1 is gone too: what it sent before it exited is queued.
    if (listening && (pf[1].revents != 0 || pf[0].revents != 0)) {
      listening = false;
      end.status = read_status();
      if (end.status) return end;
    }
    if (pf[0].revents != 0) {
      end.init_gone = true;
      return end;
    }
  }
}

std::optional<int> InitExit::read_status() {
  char msg[docker_watch::kExitMessageBytes + 1];
  ssize_t n;
  do n = ::recv(link_.conn.fd, msg, sizeof msg, MSG_DONTWAIT);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(docker_watch::kExitMessageBytes) || msg[0] != docker_watch::kExitTag) return std::nullopt;
  int32_t status;
  std::memcpy(&status, msg + 1, sizeof status);
  if (!WIFEXITED(status) && !WIFSIGNALED(status)) return std::nullopt;
  return status;
}

}  // namespace mai::sandbox::docker
