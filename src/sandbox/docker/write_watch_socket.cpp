#include "sandbox/docker/write_watch_socket.hpp"
#include "common/unique_fd.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/ids.hpp"
#include "sandbox/docker_watch_protocol.hpp"
#include "sandbox/fd_passing.hpp"

namespace mai::sandbox::docker {

namespace {

[[noreturn]] void refuse(const std::string& what) {
  throw SandboxError("sandbox_setup", "the container's write watch: " + what);
}

std::string errno_text() { return std::strerror(errno); }

using Fd = UniqueFd;

bool readable_within(int fd, int timeout_ms) {
  pollfd pf{fd, POLLIN, 0};
  int rc;
  do rc = ::poll(&pf, 1, timeout_ms);
  while (rc < 0 && errno == EINTR);
  return rc == 1;
}

// The kernel names a seccomp filter's listener so: anything else (a pipe, a
// file, a socket of the container's choosing) is not a listener.
bool is_seccomp_listener(int fd) {
  char target[64];
  std::string link = "/proc/self/fd/" + std::to_string(fd);
  ssize_t n = ::readlink(link.c_str(), target, sizeof target);
  return n > 0 && std::string(target, static_cast<size_t>(n)) == "anon_inode:seccomp notify";
}

// The peer has not hung up: its pid (SO_PEERCRED) was still it when we
// opened its namespace, not a reused one.
bool peer_alive(int conn) {
  pollfd pf{conn, POLLRDHUP, 0};
  return ::poll(&pf, 1, 0) == 0;
}

}  // namespace

WriteWatchSocket::WriteWatchSocket(const std::string& dir, uint32_t uid) : dir_(dir) {
  if (::mkdir(dir_.c_str(), 0755) != 0 || ::chmod(dir_.c_str(), 0755) != 0)
    refuse("cannot make " + dir_ + ": " + errno_text());
  std::string path = socket_path();
  // Bound through the directory's descriptor: a deep scratch root does not
  // meet sun_path's 108 bytes.
  Fd dir_fd(::open(dir_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (dir_fd.fd < 0) refuse("cannot open " + dir_ + ": " + errno_text());
  std::string short_path = "/proc/self/fd/" + std::to_string(dir_fd.fd) + "/" + docker_watch::kSocketName;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, short_path.c_str(), short_path.size() + 1);
  Fd fd(::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (fd.fd < 0) refuse("socket: " + errno_text());
  if (::bind(fd.fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) refuse("bind " + path + ": " + errno_text());
  // Only the run's uid may connect (connect needs write permission on the socket).
  if (::chown(path.c_str(), uid, uid) != 0 || ::chmod(path.c_str(), 0600) != 0 || ::listen(fd.fd, 1) != 0) {
    ::unlink(path.c_str());
    refuse("set up " + path + ": " + errno_text());
  }
  listen_fd_ = fd.release();
}

WriteWatchSocket::~WriteWatchSocket() { close_listening(); }

std::string WriteWatchSocket::socket_path() const { return dir_ + "/" + docker_watch::kSocketName; }

void WriteWatchSocket::close_listening() {
  if (listen_fd_ < 0) return;
  ::close(listen_fd_);
  listen_fd_ = -1;
  ::unlink(socket_path().c_str());
}

std::string new_end_secret() { return random_hex(docker_watch::kSecretBytes / 2); }

WriteWatchSocket::Handover WriteWatchSocket::accept(int timeout_ms, const std::string& end_secret) {
  if (listen_fd_ < 0) refuse("it serves one connection only");
  bool ready = readable_within(listen_fd_, timeout_ms);
  Fd conn(ready ? ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC) : -1);
  int accept_errno = errno;
  close_listening();  // exactly one connection: any later one finds no socket
  if (!ready) refuse("the container's entry did not connect in time");
  if (conn.fd < 0) refuse(std::string("accept: ") + std::strerror(accept_errno));
  ucred peer{};
  socklen_t len = sizeof peer;
  if (::getsockopt(conn.fd, SOL_SOCKET, SO_PEERCRED, &peer, &len) != 0 || peer.pid <= 0)
    refuse("the peer's credentials are unknown");
  if (!readable_within(conn.fd, timeout_ms)) refuse("no listener arrived in time");
  std::vector<int> fds = receive_fds(conn.fd, docker_watch::kListenerTag, 1);
  if (fds.empty()) refuse("the message is not one listener");
  Fd listener(fds[0]);
  if (!is_seccomp_listener(listener.fd)) refuse("the descriptor sent is not a seccomp listener");
  // The container's mount namespace, where the watch resolves paths: the
  // entry's own, opened while it waits for our answer.
  std::string ns = "/proc/" + std::to_string(peer.pid) + "/ns/mnt";
  Fd mount_ns(::open(ns.c_str(), O_RDONLY | O_CLOEXEC));
  if (mount_ns.fd < 0) refuse("cannot open " + ns + ": " + errno_text());
  if (!peer_alive(conn.fd)) refuse("the entry left before it was answered");
  Handover h;
  try {
    h.watch = std::make_unique<RefusedWriteWatch>(listener.release(), mount_ns.release());
  } catch (const std::exception& e) {
    refuse(e.what());
  }
  if (end_secret.size() != docker_watch::kSecretBytes) refuse("the end marker's secret is malformed");
  h.entry.secret = end_secret;
  // Now, while the entry waits for the answer: it cannot have ended yet.
  h.entry.pidfd = init_pidfd(peer.pid, conn.fd);
  std::string ack = docker_watch::kAckByte + h.entry.secret;
  if (::send(conn.fd, ack.data(), ack.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(ack.size()))
    refuse("the entry left before it was answered");
  h.entry.pid = peer.pid;
  h.entry.conn = std::move(conn);
  return h;
}

}  // namespace mai::sandbox::docker
