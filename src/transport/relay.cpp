#include "transport/relay.hpp"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

namespace mai::transport {
namespace {

// A socket BIO whose writes never raise SIGPIPE (send with MSG_NOSIGNAL).
int fd_of(BIO* b) { return static_cast<int>(reinterpret_cast<intptr_t>(BIO_get_data(b))); }

int bio_write(BIO* b, const char* buf, int len) {
  BIO_clear_retry_flags(b);
  ssize_t r;
  do {
    r = ::send(fd_of(b), buf, static_cast<size_t>(len), MSG_NOSIGNAL);
  } while (r < 0 && errno == EINTR);
  if (r < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK) BIO_set_retry_write(b);
    return -1;
  }
  return static_cast<int>(r);
}

int bio_read(BIO* b, char* buf, int len) {
  BIO_clear_retry_flags(b);
  ssize_t r;
  do {
    r = ::recv(fd_of(b), buf, static_cast<size_t>(len), 0);
  } while (r < 0 && errno == EINTR);
  if (r < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK) BIO_set_retry_read(b);
    return -1;
  }
  return static_cast<int>(r);
}

int bio_puts(BIO* b, const char* s) { return bio_write(b, s, static_cast<int>(std::strlen(s))); }

long bio_ctrl(BIO* b, int cmd, long, void* ptr) {
  switch (cmd) {
    case BIO_CTRL_FLUSH:
      return 1;
    case BIO_C_GET_FD:
      if (ptr) *static_cast<int*>(ptr) = fd_of(b);
      return fd_of(b);
    default:
      return 0;
  }
}

int bio_create(BIO* b) {
  BIO_set_init(b, 1);
  return 1;
}

int bio_destroy(BIO*) { return 1; }  // the Endpoint owns the fd

BIO_METHOD* nosigpipe_method() {
  static BIO_METHOD* m = [] {
    BIO_METHOD* meth = BIO_meth_new(
        BIO_get_new_index() | BIO_TYPE_SOURCE_SINK | BIO_TYPE_DESCRIPTOR, "mai-socket");
    BIO_meth_set_write(meth, bio_write);
    BIO_meth_set_read(meth, bio_read);
    BIO_meth_set_puts(meth, bio_puts);
    BIO_meth_set_ctrl(meth, bio_ctrl);
    BIO_meth_set_create(meth, bio_create);
    BIO_meth_set_destroy(meth, bio_destroy);
    return meth;
  }();
  return m;
}

}  // namespace

std::string ssl_error_reason(SSL* ssl) {
  std::string out;
  unsigned long e;
  while ((e = ERR_get_error()) != 0) {
    const char* r = ERR_reason_error_string(e);
    std::string s = r ? r : "error " + std::to_string(ERR_GET_REASON(e));
    if (out.find(s) == std::string::npos) out += (out.empty() ? "" : "; ") + s;
  }
  if (ssl) {
    long v = SSL_get_verify_result(ssl);
    if (v != X509_V_OK) {
      std::string s = X509_verify_cert_error_string(v);
      out += (out.empty() ? "" : " (") + s + (out.empty() ? "" : ")");
    }
  }
  return out.empty() ? "connection closed by peer" : out;
}

// ---------------------------------------------------------------- Endpoint

Endpoint::Endpoint(int fd, SSL* ssl) : fd_(fd), ssl_(ssl) {
  if (ssl_) {
    BIO* bio = BIO_new(nosigpipe_method());
    BIO_set_data(bio, reinterpret_cast<void*>(static_cast<intptr_t>(fd)));
    SSL_set_bio(ssl_, bio, bio);
  }
}

Endpoint::~Endpoint() { close(); }

Endpoint::Endpoint(Endpoint&& o) noexcept { *this = std::move(o); }

Endpoint& Endpoint::operator=(Endpoint&& o) noexcept {
  if (this != &o) {
    close();
    fd_ = o.fd_;
    ssl_ = o.ssl_;
    read_wants_write_ = o.read_wants_write_;
    write_wants_read_ = o.write_wants_read_;
    hs_wants_write_ = o.hs_wants_write_;
    sd_wants_read_ = o.sd_wants_read_;
    error_ = std::move(o.error_);
    o.fd_ = -1;
    o.ssl_ = nullptr;
  }
  return *this;
}

void Endpoint::close() {
  if (ssl_) {
    SSL_free(ssl_);
    ssl_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

Io Endpoint::ssl_result(int ret, bool* wants_write, bool* wants_read) {
  int err = SSL_get_error(ssl_, ret);
  switch (err) {
    case SSL_ERROR_WANT_READ:
      if (wants_write) *wants_write = false;
      if (wants_read) *wants_read = true;
      return Io::again;
    case SSL_ERROR_WANT_WRITE:
      if (wants_write) *wants_write = true;
      if (wants_read) *wants_read = false;
      return Io::again;
    case SSL_ERROR_ZERO_RETURN:
      return Io::eof;
    case SSL_ERROR_SYSCALL: {
      int e = errno;
      ERR_clear_error();
      error_ = e ? std::strerror(e) : "connection closed by peer";
      return Io::error;
    }
    default:
      error_ = ssl_error_reason(ssl_);
      return Io::error;
  }
}

Io Endpoint::handshake() {
  if (!ssl_) return Io::ok;
  ERR_clear_error();
  errno = 0;
  int r = SSL_do_handshake(ssl_);
  if (r == 1) return Io::ok;
  Io io = ssl_result(r, &hs_wants_write_, nullptr);
  return io == Io::eof ? Io::error : io;
}

Io Endpoint::read(char* buf, size_t cap, size_t& n) {
  n = 0;
  if (ssl_) {
    ERR_clear_error();
    errno = 0;
    int r = SSL_read(ssl_, buf, static_cast<int>(std::min<size_t>(cap, INT_MAX)));
    if (r > 0) {
      n = static_cast<size_t>(r);
      return Io::ok;
    }
    return ssl_result(r, &read_wants_write_, nullptr);
  }
  ssize_t r;
  do {
    r = ::recv(fd_, buf, cap, 0);
  } while (r < 0 && errno == EINTR);
  if (r > 0) {
    n = static_cast<size_t>(r);
    return Io::ok;
  }
  if (r == 0) return Io::eof;
  if (errno == EAGAIN || errno == EWOULDBLOCK) return Io::again;
  error_ = std::strerror(errno);
  return Io::error;
}

Io Endpoint::write(const char* buf, size_t len, size_t& n) {
  n = 0;
  if (ssl_) {
    ERR_clear_error();
    errno = 0;
    int r = SSL_write(ssl_, buf, static_cast<int>(std::min<size_t>(len, INT_MAX)));
    if (r > 0) {
      n = static_cast<size_t>(r);
      return Io::ok;
    }
    bool ignored = false;
    Io io = ssl_result(r, &ignored, &write_wants_read_);
    return io == Io::eof ? Io::error : io;
  }
  ssize_t r;
  do {
    r = ::send(fd_, buf, len, MSG_NOSIGNAL);
  } while (r < 0 && errno == EINTR);
  if (r >= 0) {
    n = static_cast<size_t>(r);
    return Io::ok;
  }
  if (errno == EAGAIN || errno == EWOULDBLOCK) return Io::again;
  error_ = std::strerror(errno);
  return Io::error;
}

Io Endpoint::shutdown_write() {
  if (ssl_) {
    ERR_clear_error();
    errno = 0;
    int r = SSL_shutdown(ssl_);
    if (r >= 0) return Io::ok;  // 0: our close_notify is out; 1: both sides done
    bool ignored = false;
    Io io = ssl_result(r, &ignored, &sd_wants_read_);
    return io == Io::eof ? Io::ok : io;
  }
  if (::shutdown(fd_, SHUT_WR) != 0 && errno != ENOTCONN) {
    error_ = std::strerror(errno);
    return Io::error;
  }
  return Io::ok;
}

// ---------------------------------------------------------------- Buffer

char* Buffer::tail(size_t& n) {
  if (end_ == data_.size() && begin_ > 0) {
    std::memmove(data_.data(), data_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  n = data_.size() - end_;
  return data_.data() + end_;
}

void Buffer::consumed(size_t n) {
  begin_ += n;
  if (begin_ == end_) begin_ = end_ = 0;
}

bool Buffer::append(const char* p, size_t n) {
  if (n > space()) return false;
  while (n > 0) {
    size_t room;
    char* t = tail(room);
    size_t k = std::min(room, n);
    std::memcpy(t, p, k);
    produced(k);
    p += k;
    n -= k;
  }
  return true;
}

// ---------------------------------------------------------------- Pipe

Pipe::Pipe(Endpoint outer, Endpoint inner, bool inner_connecting, std::unique_ptr<BaspGate> gate,
           const std::string& initial_up, const std::string& initial_down)
    : outer_(std::move(outer)),
      inner_(std::move(inner)),
      inner_connecting_(inner_connecting),
      gate_(std::move(gate)) {
  if (gate_ && !gate_->feed_up(initial_up.data(), initial_up.size())) {
    fail(gate_->error());
    return;
  }
  up_.append(initial_up.data(), initial_up.size());
  down_.append(initial_down.data(), initial_down.size());
  bytes_up_ = initial_up.size();
}

bool Pipe::fail(std::string why) {
  reason_ = std::move(why);
  close();
  return false;
}

void Pipe::close() {
  finished_ = true;
  outer_.close();
  inner_.close();
}

bool Pipe::pump() {
  if (finished_) return false;
  if (inner_connecting_) {
    int err = 0;
    socklen_t len = sizeof err;
    ::getsockopt(inner_.fd(), SOL_SOCKET, SO_ERROR, &err, &len);
    if (err != 0) return fail(std::string("cannot connect to the backend: ") + std::strerror(err));
    sockaddr_storage a{};
    socklen_t alen = sizeof a;
    if (::getpeername(inner_.fd(), reinterpret_cast<sockaddr*>(&a), &alen) == 0)
      inner_connecting_ = false;
  }
  bool progress = true;
  while (progress) {
    progress = false;
    size_t n = 0;
    // outer -> up
    if (!outer_eof_ && up_.space() > 0) {
      size_t room;
      char* t = up_.tail(room);
      Io r = outer_.read(t, room, n);
      if (r == Io::ok) {
        if (gate_ && !gate_->feed_up(t, n)) return fail(gate_->error());
        up_.produced(n);
        bytes_up_ += n;
        progress = true;
      } else if (r == Io::eof) {
        outer_eof_ = true;
        progress = true;
      } else if (r == Io::error) {
        return fail("peer connection failed: " + outer_.error());
      }
    }
    // up -> inner
    if (!inner_connecting_ && !up_.empty()) {
      Io r = inner_.write(up_.data(), up_.size(), n);
      if (r == Io::ok && n > 0) {
        up_.consumed(n);
        progress = true;
      } else if (r == Io::error) {
        return fail("backend connection failed: " + inner_.error());
      }
    }
    if (outer_eof_ && up_.empty() && !up_shut_ && !inner_connecting_) {
      inner_.shutdown_write();
      up_shut_ = true;
      progress = true;
    }
    // inner -> down
    if (!inner_connecting_ && !inner_eof_ && down_.space() > 0) {
      size_t room;
      char* t = down_.tail(room);
      Io r = inner_.read(t, room, n);
      if (r == Io::ok) {
        if (gate_ && !gate_->feed_down(t, n)) return fail(gate_->error());
        down_.produced(n);
        bytes_down_ += n;
        progress = true;
      } else if (r == Io::eof) {
        inner_eof_ = true;
        progress = true;
      } else if (r == Io::error) {
        return fail("backend connection failed: " + inner_.error());
      }
    }
    // down -> outer
    if (!down_.empty()) {
      Io r = outer_.write(down_.data(), down_.size(), n);
      if (r == Io::ok && n > 0) {
        down_.consumed(n);
        progress = true;
      } else if (r == Io::error) {
        return fail("peer connection failed: " + outer_.error());
      }
    }
    if (inner_eof_ && down_.empty() && !down_shut_) {
      Io r = outer_.shutdown_write();
      if (r == Io::ok) {
        down_shut_ = true;
        down_shutdown_pending_ = false;
        progress = true;
      } else if (r == Io::again) {
        down_shutdown_pending_ = true;
      } else {
        return fail("peer connection failed: " + outer_.error());
      }
    }
  }
  if (up_shut_ && down_shut_) {
    close();
    return false;
  }
  if ((up_shut_ || down_shut_) && linger_until_ == std::chrono::steady_clock::time_point::max())
    linger_until_ = std::chrono::steady_clock::now() + kLinger;
  return true;
}

uint32_t Pipe::outer_events() const {
  if (finished_) return 0;
  uint32_t ev = 0;
  if (!outer_eof_ && up_.space() > 0) ev |= outer_.read_events();
  if (!down_.empty())
    ev |= outer_.write_events();
  else if (down_shutdown_pending_)
    ev |= outer_.shutdown_events();
  return ev;
}

uint32_t Pipe::inner_events() const {
  if (finished_) return 0;
  if (inner_connecting_) return EPOLLOUT;
  uint32_t ev = 0;
  if (!inner_eof_ && down_.space() > 0) ev |= EPOLLIN;
  if (!up_.empty()) ev |= EPOLLOUT;
  return ev;
}

}  // namespace mai::transport

namespace mai::transport {

void Watch::set(int epfd, int fd, uint32_t events, uint64_t tag) {
  if (fd < 0 || events == 0) {
    drop(epfd);
    return;
  }
  if (added_ && fd == fd_ && events == events_) return;
  epoll_event ev{};
  ev.events = events;
  ev.data.u64 = tag;
  if (added_ && fd == fd_) {
    ::epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev);
  } else {
    drop(epfd);
    ::epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
    added_ = true;
    fd_ = fd;
  }
  events_ = events;
}

void Watch::drop(int epfd) {
  if (added_) {
    epoll_event ev{};
    ::epoll_ctl(epfd, EPOLL_CTL_DEL, fd_, &ev);
  }
  added_ = false;
  fd_ = -1;
  events_ = 0;
}

}  // namespace mai::transport
