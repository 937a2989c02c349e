#include "proxy/relay.hpp"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace mai::proxy {

void Outbox::add(std::string_view bytes) {
  // Compact first, so a long tunnel does not grow the buffer forever.
  if (off > 0 && off == data.size()) {
    data.clear();
    off = 0;
  } else if (off > 65536) {
    data.erase(0, off);
    off = 0;
  }
  data.append(bytes);
}

Io read_into(int fd, std::string& buf, size_t max, size_t& n) {
  n = 0;
  if (max == 0) return Io::would_block;
  size_t old = buf.size();
  buf.resize(old + max);
  ssize_t r;
  do {
    r = ::recv(fd, &buf[old], max, 0);
  } while (r < 0 && errno == EINTR);
  if (r < 0) {
    buf.resize(old);
    return errno == EAGAIN || errno == EWOULDBLOCK ? Io::would_block : Io::error;
  }
  buf.resize(old + static_cast<size_t>(r));
  if (r == 0) return Io::eof;
  n = static_cast<size_t>(r);
  return Io::progress;
}

Io write_from(int fd, Outbox& out, size_t& n) {
  n = 0;
  while (out.pending()) {
    ssize_t w = ::send(fd, out.data.data() + out.off, out.pending(), MSG_NOSIGNAL);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return errno == EAGAIN || errno == EWOULDBLOCK ? Io::would_block : Io::error;
    out.off += static_cast<size_t>(w);
    n += static_cast<size_t>(w);
  }
  return Io::progress;
}

void set_nonblocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace mai::proxy
