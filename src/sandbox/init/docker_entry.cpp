#include "sandbox/init/docker_entry.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <string>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/unique_fd.hpp"
#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/fd_passing.hpp"
#include "sandbox/seccomp_policy.hpp"

namespace mai::sandbox {

namespace {

namespace w = docker_watch;

int failed(const std::string& what) {
  std::string msg = "mai-sandbox-init: " + what + "\n";
  ssize_t ignored = ::write(2, msg.data(), msg.size());
  (void)ignored;
  return 125;
}

int connect_to(const char* path) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (std::strlen(path) >= sizeof addr.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  std::strcpy(addr.sun_path, path);
  int fd = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    int err = errno;
    ::close(fd);
    errno = err;
    return -1;
  }
  return fd;
}

// Execs `program`; returns only if that failed, with the status to exit with:
// as docker-init (and a shell) say it, 127 for a program that is not there,
// 126 otherwise.
int run_program(char** program) {
  ::execvp(program[0], program);
  int err = errno;
  failed(std::string("cannot run ") + program[0] + ": " + std::strerror(err));
  return err == ENOENT ? 127 : 126;
}

// What reap_until() returns when the host went away before the program ended.
constexpr int kSupervisorGone = -2;

// True once the host's end of `sock` is closed. The host holds it for the
// run's life and sends nothing after its answer, so the end of the stream
// (or an error) means the supervising mai-sandbox process is gone.
bool host_gone(int sock) {
  char byte;
  ssize_t n;
  do n = ::recv(sock, &byte, 1, MSG_DONTWAIT);
  while (n < 0 && errno == EINTR);
  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

// The child's wait status, reaping every orphan that is reparented to us
// meanwhile (a pid namespace's init must, or they stay zombies); -1 when
// waiting failed, kSupervisorGone when the host left first. Nothing else
// would end the run then: the daemon keeps a container running when its
// supervisor dies, so the program ran on past its timeout, unwatched, until
// the next start swept it (a native sandbox dies with its supervisor,
// PR_SET_PDEATHSIG).
int reap_until(pid_t child, int sock) {
  // SIGCHLD blocked only now, in the parent: the program must not inherit
  // the mask. A child that ended before is found by the first WNOHANG pass.
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  ::sigprocmask(SIG_BLOCK, &chld, nullptr);
  const UniqueFd signals(::signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC));
  const int sfd = signals.fd;
  for (;;) {
    for (;;) {
      int status = 0;
      pid_t p = ::waitpid(-1, &status, WNOHANG);
      if (p == child) return status;
      if (p == 0) break;
      if (p < 0 && errno == EINTR) continue;
      if (p < 0) return -1;
    }
    if (sfd < 0) {  // no signalfd: block in waitpid, without watching the host
      int status = 0;
      pid_t p = ::waitpid(-1, &status, 0);
      if (p == child) return status;
      if (p < 0 && errno != EINTR) return -1;
      continue;
    }
    pollfd pf[2] = {{sfd, POLLIN, 0}, {sock, POLLIN, 0}};
    if (::poll(pf, 2, -1) < 0) continue;  // EINTR
    if (pf[0].revents) {
      signalfd_siginfo info;
      while (::read(sfd, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
      }
    }
    if (pf[1].revents && host_gone(sock)) return kSupervisorGone;
  }
}

// Every process left in our pid namespace killed and reaped: as pid 1 we
// signal all of them (all run as our uid), and every orphan is our child.
// A fork racing the kill either fails or its child is killed too.
void end_the_rest() {
  ::kill(-1, SIGKILL);
  for (;;) {
    pid_t p = ::waitpid(-1, nullptr, 0);
    if (p < 0 && errno != EINTR) return;  // ECHILD: nobody is left
  }
}

// In one write (it is below PIPE_BUF, so it is never split or interleaved),
// waiting if the program left the pipe non-blocking and full. Best effort:
// without it the host waits for the stream's end as before.
void write_whole(int fd, const std::string& s) {
  for (int tries = 0; tries < 1000; ++tries) {
    ssize_t n = ::write(fd, s.data(), s.size());
    if (n == static_cast<ssize_t>(s.size())) return;
    if (n >= 0 || (errno != EINTR && errno != EAGAIN)) return;
    pollfd pf{fd, POLLOUT, 0};
    ::poll(&pf, 1, 100);
  }
}

}  // namespace

int docker_watch_entry(int argc, char** argv) {
  if (argc < 5 || std::strcmp(argv[3], "--") != 0) return failed("usage: --watch-writes SOCKET -- PROGRAM [ARG...]");
  int sock = connect_to(argv[2]);
  if (sock < 0) return failed(std::string("cannot reach the host's write watch: ") + std::strerror(errno));
  // Docker set no_new_privs already (no-new-privileges:true); without it the
  // kernel refuses an unprivileged filter.
  ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
  int listener;
  try {
    listener = apply_write_watch_filter();
  } catch (const std::exception& e) {
    return failed(e.what());
  }
  if (!send_fds(sock, w::kListenerTag, {listener}))
    return failed(std::string("cannot hand the write listener to the host: ") + std::strerror(errno));
  ::close(listener);
  char answer[1 + w::kSecretBytes + 1];
  ssize_t n;
  do n = ::recv(sock, answer, sizeof answer, 0);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(1 + w::kSecretBytes) || answer[0] != w::kAckByte)
    return failed("the host did not take the write listener");
  const std::string marker = w::end_marker(std::string(answer + 1, w::kSecretBytes));
  if (::getpid() != 1) {
    // Under another init (docker-init): orphans are not ours to reap, nor is
    // the container's end ours to tell. The program simply runs, in our place.
    ::close(sock);
    return run_program(argv + 4);
  }
  // The program runs as our uid: without this it could ptrace us or open
  // /proc/1/fd/* and /proc/1/mem, and speak for us on the socket.
  ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  pid_t child = ::fork();
  if (child < 0) return failed(std::string("fork: ") + std::strerror(errno));
  if (child == 0) {
    ::close(sock);
    ::_exit(run_program(argv + 4));
  }
  // A reader gone must not kill us before the host hears the status.
  sigset_t pipe_signal;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  ::sigprocmask(SIG_BLOCK, &pipe_signal, nullptr);
  int status = reap_until(child, sock);
  if (status == kSupervisorGone) {
    // Nobody reads the output or the status any more: only the end is ours.
    end_the_rest();
    return 128 + SIGKILL;
  }
  if (status < 0) return failed(std::string("waiting for the program: ") + std::strerror(errno));
  // Now nothing of the run can write to the pipes, /sandbox or /tmp: the
  // markers follow all of its output, and the host may read the files.
  end_the_rest();
  write_whole(1, marker);
  write_whole(2, marker);
  char msg[w::kExitMessageBytes] = {w::kExitTag};
  int32_t st = status;
  std::memcpy(msg + 1, &st, sizeof st);
  ssize_t ignored = ::send(sock, msg, sizeof msg, MSG_NOSIGNAL);
  (void)ignored;
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

}  // namespace mai::sandbox
