#include "sandbox/fd_passing.hpp"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace mai::sandbox {

namespace {
constexpr size_t kMaxFds = 4;
}

bool send_fds(int channel, char tag, const std::vector<int>& fds) {
  if (fds.empty() || fds.size() > kMaxFds) {
    errno = EINVAL;
    return false;
  }
  iovec iov{&tag, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = CMSG_SPACE(sizeof(int) * fds.size());
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
  std::memcpy(CMSG_DATA(c), fds.data(), sizeof(int) * fds.size());
  ssize_t n;
  do n = ::sendmsg(channel, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == 1;
}

long receive_message(int channel, std::string& bytes, size_t max_bytes, std::vector<int>& fds) {
  bytes.assign(max_bytes, '\0');
  iovec iov{bytes.data(), max_bytes};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do n = ::recvmsg(channel, &msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  bytes.resize(n > 0 ? static_cast<size_t>(n) : 0);
  fds.clear();
  for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    size_t got = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (size_t i = 0; i < got && fds.size() < kMaxFds; ++i) {
      int fd;
      std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
      fds.push_back(fd);
    }
  }
  if (msg.msg_flags & MSG_CTRUNC) {
    for (int fd : fds) ::close(fd);
    fds.clear();
    if (n > 0) bytes.clear();  // a message whose descriptors were lost is no message
  }
  return static_cast<long>(n);
}

std::vector<int> receive_fds(int channel, char tag, size_t count) {
  std::string byte;
  std::vector<int> fds;
  long n = receive_message(channel, byte, 1, fds);
  if (n != 1 || byte.size() != 1 || byte[0] != tag || fds.size() != count) {
    for (int fd : fds) ::close(fd);
    return {};
  }
  return fds;
}

}  // namespace mai::sandbox
