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

std::vector<int> receive_fds(int channel, char tag, size_t count) {
  char byte = 0;
  iovec iov{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do n = ::recvmsg(channel, &msg, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n != 1) return {};
  std::vector<int> fds;
  cmsghdr* c = CMSG_FIRSTHDR(&msg);
  if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
    fds.resize(std::min<size_t>((c->cmsg_len - CMSG_LEN(0)) / sizeof(int), kMaxFds));
    std::memcpy(fds.data(), CMSG_DATA(c), sizeof(int) * fds.size());
  }
  if (byte != tag || fds.size() != count || (msg.msg_flags & MSG_CTRUNC)) {
    for (int fd : fds) ::close(fd);
    return {};
  }
  return fds;
}

}  // namespace mai::sandbox
