#include "transport/tunnel_client.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "transport/hello.hpp"
#include "transport/net.hpp"
#include "transport/relay.hpp"

namespace mai::transport {

using Clock = std::chrono::steady_clock;

namespace {

short poll_events(uint32_t epoll_events) { return (epoll_events & EPOLLOUT) ? POLLOUT : POLLIN; }

// Closes an fd unless released.
struct FdGuard {
  int fd = -1;
  ~FdGuard() {
    if (fd >= 0) ::close(fd);
  }
  int release() {
    int f = fd;
    fd = -1;
    return f;
  }
};

// The loopback pair: the caller's end and the relay's end, verified to be
// connected to each other (another local process could race us to the
// listener; its connection is dropped).
std::pair<int, int> loopback_pair(Clock::time_point deadline) {
  FdGuard listener{::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)};
  if (listener.fd < 0)
    throw ConnectError(std::string("cannot create a loopback socket: ") + std::strerror(errno));
  // Bounded buffers at both ends (the accepted socket inherits the
  // listener's): a tunnel whose reader stalls holds about a megabyte per
  // direction in the kernel, not tcp_rmem's maximum, and after a long stall
  // with both directions full the window opens again as soon as the reader
  // drains (with autotuned buffers it was seen to wait for the sender's
  // zero-window probe, backed off past a minute).
  net::set_buffers(listener.fd, net::kLoopbackBuffer);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(listener.fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
      ::listen(listener.fd, 8) != 0)
    throw ConnectError(std::string("cannot listen on loopback: ") + std::strerror(errno));
  uint16_t lport = net::local_port(listener.fd);
  FdGuard mine{::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)};
  if (mine.fd < 0)
    throw ConnectError(std::string("cannot create a loopback socket: ") + std::strerror(errno));
  net::set_buffers(mine.fd, net::kLoopbackBuffer);
  if (net::start_connect_loopback(mine.fd, lport) != 0)
    throw ConnectError(std::string("cannot connect on loopback: ") + std::strerror(errno));
  uint16_t my_port = net::local_port(mine.fd);
  for (;;) {
    int fd = ::accept4(listener.fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR || errno == ECONNABORTED) {
        if (!net::wait_fd(listener.fd, POLLIN, deadline))
          throw ConnectError("timed out creating the loopback connection");
        continue;
      }
      throw ConnectError(std::string("cannot accept on loopback: ") + std::strerror(errno));
    }
    if (net::peer_port(fd) != my_port) {  // not ours
      ::close(fd);
      continue;
    }
    net::set_nodelay(fd);
    net::set_nodelay(mine.fd);
    return {mine.release(), fd};
  }
}

}  // namespace

std::unique_ptr<TunnelClient> TunnelClient::connect(const TunnelClientSettings& s) {
  const std::string where = s.host + ":" + std::to_string(s.port);
  const Clock::time_point deadline = Clock::now() + s.timeout;
  const std::string timed_out =
      "timed out after " + net::format_duration(s.timeout) + " connecting to " + where;

  // 1. TCP connect, non-blocking with poll.
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  addrinfo* res = nullptr;
  int gai = ::getaddrinfo(s.host.c_str(), std::to_string(s.port).c_str(), &hints, &res);
  if (gai != 0) throw ConnectError("cannot resolve " + s.host + ": " + ::gai_strerror(gai));
  FdGuard sock;
  int last_err = 0;
  bool refused = false;
  for (addrinfo* ai = res; ai && sock.fd < 0; ai = ai->ai_next) {
    int fd =
        ::socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) {
      last_err = errno;
      continue;
    }
    FdGuard g{fd};
    int r = ::connect(fd, ai->ai_addr, ai->ai_addrlen);
    int err = r == 0 ? 0 : errno;
    if (err == EINPROGRESS) {
      if (!net::wait_fd(fd, POLLOUT, deadline)) {
        ::freeaddrinfo(res);
        throw ConnectError(timed_out);
      }
      socklen_t len = sizeof err;
      ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
    }
    if (err == 0) {
      sock.fd = g.release();
    } else {
      last_err = err;
      if (err == ECONNREFUSED) refused = true;
    }
  }
  ::freeaddrinfo(res);
  if (sock.fd < 0) {
    if (refused) throw ConnectError("connection refused by " + where);
    throw ConnectError("cannot connect to " + where + ": " +
                       std::strerror(last_err ? last_err : EHOSTUNREACH));
  }
  net::set_nodelay(sock.fd);
  net::set_keepalive(sock.fd, s.peer_timeout);

  // 2. TLS handshake.
  Endpoint outer;
  if (s.tls) {
    SSL* ssl = SSL_new(s.tls->native());
    if (!ssl)
      throw ConnectError("TLS handshake with " + where + " failed: cannot create a TLS session");
    SSL_set_connect_state(ssl);
    in6_addr ip6;
    in_addr ip4;
    bool is_ip = ::inet_pton(AF_INET, s.host.c_str(), &ip4) == 1 ||
                 ::inet_pton(AF_INET6, s.host.c_str(), &ip6) == 1;
    if (is_ip) {
      X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), s.host.c_str());
    } else {
      SSL_set_tlsext_host_name(ssl, s.host.c_str());
      SSL_set1_host(ssl, s.host.c_str());
    }
    outer = Endpoint(sock.release(), ssl);
    for (;;) {
      Io r = outer.handshake();
      if (r == Io::ok) break;
      if (r == Io::again) {
        if (!net::wait_fd(outer.fd(), poll_events(outer.handshake_events()), deadline))
          throw ConnectError(timed_out);
        continue;
      }
      throw ConnectError("TLS handshake with " + where + " failed: " + outer.error());
    }
  } else {
    outer = Endpoint(sock.release(), nullptr);
  }

  // 3. Hello.
  const std::string hello = std::string(kHelloPrefix) + std::to_string(kProtocolVersion) + "\n";
  size_t sent = 0;
  while (sent < hello.size()) {
    size_t n = 0;
    Io r = outer.write(hello.data() + sent, hello.size() - sent, n);
    if (r == Io::ok) {
      sent += n;
    } else if (r == Io::again) {
      if (!net::wait_fd(outer.fd(), poll_events(outer.write_events()), deadline))
        throw ConnectError(timed_out);
    } else {
      throw ConnectError(outer.tls() ? "TLS handshake with " + where + " failed: " + outer.error()
                                     : "connection to " + where + " failed: " + outer.error());
    }
  }
  std::string reply;
  size_t nl = std::string::npos;
  while ((nl = reply.find('\n')) == std::string::npos) {
    if (reply.size() > 256)
      throw ConnectError(where + " is not a mai-sandbox service (it answered '" + printable(reply) +
                         "')");
    char buf[512];
    size_t n = 0;
    Io r = outer.read(buf, sizeof buf, n);
    if (r == Io::ok) {
      reply.append(buf, n);
    } else if (r == Io::again) {
      if (!net::wait_fd(outer.fd(), poll_events(outer.read_events()), deadline)) {
        if (!reply.empty())
          throw ConnectError(where + " is not a mai-sandbox service (it answered '" +
                             printable(reply) + "')");
        throw ConnectError(timed_out);
      }
    } else if (r == Io::eof || (r == Io::error && !outer.tls())) {
      throw ConnectError(where + " is not a mai-sandbox service (" +
                         (reply.empty()
                              ? std::string("it closed the connection without answering the hello")
                              : "it answered '" + printable(reply) + "'") +
                         ")");
    } else {
      // TLS 1.3: a server that rejects our certificate says so after the handshake.
      throw ConnectError("TLS handshake with " + where + " failed: " + outer.error());
    }
  }
  std::string line = reply.substr(0, nl);
  std::string leftover = reply.substr(nl + 1);
  ServerReply answer = parse_server_reply(line);
  switch (answer.kind) {
    case ServerReply::Kind::ok: break;
    case ServerReply::Kind::refused:
      throw ConnectError(where + " refused the tunnel: " + answer.text);
    case ServerReply::Kind::other_version:
      throw ConnectError("server speaks protocol " + answer.text + ", this client speaks " +
                         std::to_string(kProtocolVersion));
    case ServerReply::Kind::not_a_service:
      throw ConnectError(where + " is not a mai-sandbox service (it answered '" + printable(line) +
                         "')");
  }

  // 4. The loopback pair and the relay thread.
  auto fds = loopback_pair(deadline);
  std::unique_ptr<TunnelClient> c(new TunnelClient());
  c->token_ = answer.token;
  c->local_fd_ = fds.first;
  c->wake_fd_ = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (c->wake_fd_ < 0) {
    ::close(fds.second);
    throw ConnectError(std::string("cannot create an eventfd: ") + std::strerror(errno));
  }
  c->pipe_ = std::make_unique<Pipe>(std::move(outer), Endpoint(fds.second, nullptr), false, nullptr,
                                    leftover, std::string());
  c->thread_ = std::thread([p = c.get()] { p->run(); });
  return c;
}

void TunnelClient::run() {
  int epfd = ::epoll_create1(EPOLL_CLOEXEC);
  if (epfd < 0) {
    pipe_->close();
    open_ = false;
    return;
  }
  epoll_event wev{};
  wev.events = EPOLLIN;
  wev.data.u64 = 2;
  ::epoll_ctl(epfd, EPOLL_CTL_ADD, wake_fd_, &wev);
  Watch w_outer, w_inner;
  for (;;) {
    if (!pipe_->pump()) break;
    w_outer.set(epfd, pipe_->outer().fd(), pipe_->outer_events(), 0);
    w_inner.set(epfd, pipe_->inner().fd(), pipe_->inner_events(), 1);
    int timeout = -1;
    if (pipe_->deadline() != Clock::time_point::max()) {
      auto ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(pipe_->deadline() - Clock::now())
              .count();
      if (ms <= 0) break;
      timeout = static_cast<int>(ms + 1);
    }
    epoll_event events[4];
    int n = ::epoll_wait(epfd, events, 4, timeout);
    if (n < 0 && errno != EINTR) break;
    bool stop = false;
    for (int i = 0; i < n; ++i)
      if (events[i].data.u64 == 2) stop = true;
    if (stop) break;
  }
  w_outer.drop(epfd);
  w_inner.drop(epfd);
  ::close(epfd);
  open_ = false;
}

int TunnelClient::take_local_fd() {
  int fd = local_fd_;
  local_fd_ = -1;
  return fd;
}

TunnelClient::~TunnelClient() {
  if (wake_fd_ >= 0) {
    uint64_t one = 1;
    (void)!::write(wake_fd_, &one, sizeof one);
  }
  if (thread_.joinable()) thread_.join();
  if (pipe_) {
    if (!pipe_->finished() && pipe_->outer().fd() >= 0)
      pipe_->outer().shutdown_write();  // close_notify, best effort
    pipe_->close();
  }
  if (local_fd_ >= 0) ::close(local_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

}  // namespace mai::transport
