#include "sandbox/docker/init_exit.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
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

}  // namespace

std::unique_ptr<InitExit> InitExit::open(EntryLink link, pid_t init_pid) {
  if (link.conn.fd < 0 || init_pid <= 0 || link.pid != init_pid) return nullptr;
  int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, init_pid, 0));
  if (pidfd < 0) return nullptr;  // gone already, or a kernel before 5.3: the daemon says the end
  UniqueFd held(pidfd);
  // Both after the pidfd was opened: the entry still holds its end of the
  // connection (only it does), so the pid is still the entry's, and the
  // process the pidfd names has not exited, so it is that process.
  if (readable(link.conn.fd, POLLRDHUP, 0) || readable(pidfd, POLLIN, 0)) return nullptr;
  return std::unique_ptr<InitExit>(new InitExit(std::move(link), held.release()));
}

InitExit::~InitExit() = default;

InitExit::End InitExit::wait(long timeout_ms) {
  End end;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  bool listening = true;  // until the connection gave its one message, or nothing usable
  for (;;) {
    pollfd pf[2] = {{pidfd_.fd, POLLIN, 0}, {listening ? link_.conn.fd : -1, POLLIN, 0}};
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
