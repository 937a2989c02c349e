// The relay engine shared by the tunnel server and client (internal): a socket
// endpoint that is either TLS or plain, bounded byte buffers, and Pipe, which splices one TLS-or-plain "outer" endpoint to one
// plain loopback "inner" endpoint. Everything is non-blocking and driven by
// level-triggered epoll: after each pump() the caller re-arms each fd with the
// events the pipe is actually blocked on, so an idle or stalled tunnel costs
// no CPU.
//
// SIGPIPE: no code here ever raises it. Plain sockets are written with
// send(MSG_NOSIGNAL); TLS endpoints use a socket BIO of our own whose writes
// also use MSG_NOSIGNAL. Users need no process-wide SIG_IGN.
#pragma once
#include <sys/epoll.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "transport/basp_gate.hpp"

typedef struct ssl_st SSL;

namespace mai::transport {


enum class Io { ok, again, eof, error };

// A non-blocking socket, optionally with TLS on top. Owns the fd and SSL.
class Endpoint {
 public:
  Endpoint() = default;
  // Takes ownership of fd; when ssl is given (already SSL_new'd), wires it to
  // fd through a SIGPIPE-free socket BIO and takes ownership of it too.
  Endpoint(int fd, SSL* ssl);
  ~Endpoint();
  Endpoint(Endpoint&& o) noexcept;
  Endpoint& operator=(Endpoint&& o) noexcept;
  Endpoint(const Endpoint&) = delete;
  Endpoint& operator=(const Endpoint&) = delete;

  int fd() const { return fd_; }
  SSL* ssl() const { return ssl_; }
  bool tls() const { return ssl_ != nullptr; }

  // TLS handshake step (SSL_do_handshake); plain endpoints are always done.
  Io handshake();
  Io read(char* buf, size_t cap, size_t& n);
  Io write(const char* buf, size_t len, size_t& n);
  // Half-close our sending direction: SSL_shutdown (close_notify) or shutdown(SHUT_WR).
  Io shutdown_write();
  // Readiness the last `again` from each kind of call is waiting for.
  uint32_t read_events() const { return read_wants_write_ ? EPOLLOUT : EPOLLIN; }
  uint32_t write_events() const { return write_wants_read_ ? EPOLLIN : EPOLLOUT; }
  uint32_t handshake_events() const { return hs_wants_write_ ? EPOLLOUT : EPOLLIN; }
  uint32_t shutdown_events() const { return sd_wants_read_ ? EPOLLIN : EPOLLOUT; }
  // Why the last call returned `error` (OpenSSL reason or strerror).
  const std::string& error() const { return error_; }
  void close();

 private:
  Io ssl_result(int ret, bool* wants_write, bool* wants_read);

  int fd_ = -1;
  SSL* ssl_ = nullptr;
  bool read_wants_write_ = false, write_wants_read_ = false;
  bool hs_wants_write_ = false, sd_wants_read_ = false;
  std::string error_;
};

// A bounded FIFO of bytes with contiguous free space at the end.
class Buffer {
 public:
  explicit Buffer(size_t capacity) : data_(capacity) {}
  size_t size() const { return end_ - begin_; }
  bool empty() const { return begin_ == end_; }
  size_t space() const { return data_.size() - size(); }
  const char* data() const { return data_.data() + begin_; }
  // Contiguous free space (compacts first when needed).
  char* tail(size_t& n);
  void produced(size_t n) { end_ += n; }
  void consumed(size_t n);
  bool append(const char* p, size_t n);

 private:
  std::vector<char> data_;
  size_t begin_ = 0, end_ = 0;
};

// Splices outer (TLS or plain, the remote peer) and inner (plain loopback).
class Pipe {
 public:
  static constexpr size_t kBufferSize = 256 * 1024;
  static constexpr std::chrono::seconds kLinger{10};

  // `up` = outer->inner, `down` = inner->outer. `initial_up` / `initial_down`
  // are bytes already received / to be sent first (only initial_up is BASP).
  // `inner_connecting`: the inner connect is still in progress (wait for
  // writability, check SO_ERROR). `gate` (optional) checks both directions;
  // a frame it refuses cuts the pipe before the frame is complete inside.
  Pipe(Endpoint outer, Endpoint inner, bool inner_connecting, std::unique_ptr<BaspGate> gate,
       const std::string& initial_up, const std::string& initial_down);

  // Moves as many bytes as possible without blocking. Returns false once the
  // pipe is finished (both directions closed, or an error: see reason()).
  bool pump();
  // The epoll events to wait for on each fd now (0: none).
  uint32_t outer_events() const;
  uint32_t inner_events() const;
  // When only one direction is closed, the time by which the other must
  // finish too (kLinger); time_point::max() otherwise.
  std::chrono::steady_clock::time_point deadline() const { return linger_until_; }
  bool finished() const { return finished_; }
  // Why the pipe ended: empty for a clean close.
  const std::string& reason() const { return reason_; }
  Endpoint& outer() { return outer_; }
  Endpoint& inner() { return inner_; }
  uint64_t bytes_up() const { return bytes_up_; }
  uint64_t bytes_down() const { return bytes_down_; }
  // Closes both ends at once.
  void close();

 private:
  bool fail(std::string why);

  Endpoint outer_, inner_;
  bool inner_connecting_;
  std::unique_ptr<BaspGate> gate_;
  Buffer up_{kBufferSize}, down_{kBufferSize};
  bool outer_eof_ = false, inner_eof_ = false;  // read side finished
  bool up_shut_ = false, down_shut_ = false;    // EOF passed on
  bool down_shutdown_pending_ = false;          // SSL_shutdown wants I/O
  bool finished_ = false;
  std::string reason_;
  uint64_t bytes_up_ = 0, bytes_down_ = 0;
  std::chrono::steady_clock::time_point linger_until_ =
      std::chrono::steady_clock::time_point::max();
};

// Last OpenSSL error (and verify result when ssl is given) as a short reason.
std::string ssl_error_reason(SSL* ssl);

}  // namespace mai::transport

namespace mai::transport {

// One fd's registration in an epoll set: adds, modifies or removes it so that
// exactly `events` are watched (an fd with nothing to wait for is removed, so
// a hung-up socket cannot make level-triggered epoll spin).
class Watch {
 public:
  void set(int epfd, int fd, uint32_t events, uint64_t tag);
  void drop(int epfd);

 private:
  int fd_ = -1;
  uint32_t events_ = 0;
  bool added_ = false;
};

}  // namespace mai::transport
