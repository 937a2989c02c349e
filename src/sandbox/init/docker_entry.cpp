#include "sandbox/init/docker_entry.hpp"

#include <cerrno>
#include <cstring>
#include <string>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/fd_passing.hpp"
#include "sandbox/seccomp_policy.hpp"

namespace mai::sandbox {

namespace {

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
  if (!send_fds(sock, docker_watch::kListenerTag, {listener}))
    return failed(std::string("cannot hand the write listener to the host: ") + std::strerror(errno));
  ::close(listener);
  char ack = 0;
  ssize_t n;
  do n = ::read(sock, &ack, 1);
  while (n < 0 && errno == EINTR);
  if (n != 1 || ack != docker_watch::kAckByte) return failed("the host did not take the write listener");
  ::close(sock);
  ::execvp(argv[4], argv + 4);
  // As docker-init (and a shell) say it: 127 for a program that is not there, 126 otherwise.
  int err = errno;
  failed(std::string("cannot run ") + argv[4] + ": " + std::strerror(err));
  return err == ENOENT ? 127 : 126;
}

}  // namespace mai::sandbox
