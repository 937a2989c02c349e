#include "transport/tunnel_server.hpp"

#include <netdb.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <map>
#include <thread>
#include <unordered_map>

#include "common/error.hpp"
#include "transport/admission.hpp"
#include "transport/hello.hpp"
#include "transport/net.hpp"
#include "transport/relay.hpp"

namespace mai::transport {

using Clock = std::chrono::steady_clock;

namespace {

constexpr uint64_t kListenTag = ~uint64_t{0} - 1;
constexpr uint64_t kWakeTag = ~uint64_t{0};
constexpr int kMaxAcceptsPerWake = 64;

struct Conn {
  // draining: we are done with a refused peer; our FIN (and TLS alert) is out
  // and we read and discard what it still sends until it closes (or a short
  // deadline), so that closing with unread data does not turn into a TCP RST
  // that destroys the alert or the ERR line before the peer reads it.
  enum class Phase { handshake, hello, refusing, draining, established };
  uint64_t id = 0;
  Phase phase = Phase::handshake;
  Endpoint outer;  // until established (then owned by the pipe)
  std::unique_ptr<Pipe> pipe;
  std::string address;
  std::string source;      // what the pre-authentication caps count against
  bool authenticated = false;  // TLS verified its certificate (plain TCP: its hello came)
  std::string client_key;  // once authenticated: certificate fingerprint, or "plain-tcp " + source
  std::string node;        // established: the BASP node id it claimed, if any
  std::string hello;  // bytes of the hello line so far
  std::string reply;  // refusing: what is left to send
  bool reply_shutdown = false;
  Watch w_outer, w_inner;
  Clock::time_point deadline = Clock::time_point::max();
  std::string token;
  uint16_t local_port = 0;
  PeerIdentity identity;
};

}  // namespace

struct TunnelServer::Impl {
  TunnelServerSettings cfg;
  std::shared_ptr<SessionRegistry> sessions;
  std::shared_ptr<PortGate> gate;
  int listen_fd = -1, epfd = -1, wake_fd = -1;
  uint16_t bound_port = 0;
  std::thread thread;
  std::map<uint64_t, std::unique_ptr<Conn>> conns;
  uint64_t next_id = 1;
  std::unique_ptr<PreAuthPool> pool;  // connections not authenticated yet
  size_t admitted = 0;  // authenticated connections (tunnels and those about to be)
  std::unordered_map<std::string, size_t> per_client;  // authenticated connections per client
  // BASP node id -> (client holding it, its tunnels): a node id is one
  // client's while any tunnel of that client holds it.
  std::unordered_map<std::string, std::pair<std::string, size_t>> nodes;
  Watch w_listen;
  Clock::time_point listen_paused_until = Clock::time_point::min();
  std::atomic<uint64_t> accepted{0}, authenticated{0}, refused{0}, evicted{0}, open{0},
      pending{0};

  void event(const std::string& what) {
    if (cfg.on_event) cfg.on_event(what);
  }
  void loop();
  void accept_all();
  void drive(Conn& c);
  void read_hello(Conn& c);
  void on_hello_line(Conn& c, const std::string& line, const std::string& leftover);
  bool authenticate(Conn& c);
  void establish(Conn& c, const std::string& leftover);
  void refuse(Conn& c, const std::string& reason);
  void send_reply(Conn& c);
  void destroy(uint64_t id, const std::string& why);
  void evict(uint64_t id, const std::string& why);
  bool claim_node(uint64_t id, const std::string& node);
  void ensure_fd_limit();
  void drain(Conn& c, const std::string& why);
  void discard_input(Conn& c);
  void expire(Clock::time_point now);
  Clock::time_point next_deadline() const;
};

TunnelServer::TunnelServer(TunnelServerSettings settings, std::shared_ptr<SessionRegistry> sessions,
                           std::shared_ptr<PortGate> gate)
    : impl_(std::make_unique<Impl>()) {
  Impl& s = *impl_;
  s.cfg = std::move(settings);
  // A connection whose bytes wait in its socket is talking, even if this
  // thread has not read them yet (it was busy with a flood).
  auto has_input = [&s](uint64_t id) {
    auto it = s.conns.find(id);
    if (it == s.conns.end() || it->second->phase == Conn::Phase::established) return false;
    int n = 0;
    return ::ioctl(it->second->outer.fd(), FIONREAD, &n) == 0 && n > 0;
  };
  s.pool = std::make_unique<PreAuthPool>(std::max<size_t>(1, s.cfg.max_handshakes),
                                         std::max<size_t>(1, s.cfg.max_handshakes_per_address),
                                         has_input);
  s.ensure_fd_limit();
  s.sessions = sessions ? std::move(sessions) : std::make_shared<SessionRegistry>();
  s.gate = gate ? std::move(gate) : std::make_shared<PortGate>();
  const std::string where = s.cfg.host + ":" + std::to_string(s.cfg.port);

  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* res = nullptr;
  int gai = ::getaddrinfo(s.cfg.host.empty() ? nullptr : s.cfg.host.c_str(),
                          std::to_string(s.cfg.port).c_str(), &hints, &res);
  if (gai != 0) throw UsageError("cannot listen on " + where + ": " + ::gai_strerror(gai));
  int err = 0;
  for (addrinfo* a = res; a; a = a->ai_next) {
    int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      err = errno;
      continue;
    }
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 512) == 0) {
      s.listen_fd = fd;
      break;
    }
    err = errno;
    ::close(fd);
  }
  ::freeaddrinfo(res);
  if (s.listen_fd < 0) throw UsageError("cannot listen on " + where + ": " + std::strerror(err));
  s.bound_port = net::local_port(s.listen_fd);

  s.epfd = ::epoll_create1(EPOLL_CLOEXEC);
  s.wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (s.epfd < 0 || s.wake_fd < 0) {
    int e = errno;
    if (s.epfd >= 0) ::close(s.epfd);
    if (s.wake_fd >= 0) ::close(s.wake_fd);
    ::close(s.listen_fd);
    throw_errno("cannot create the tunnel server's event loop", e);
  }
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.u64 = kWakeTag;
  ::epoll_ctl(s.epfd, EPOLL_CTL_ADD, s.wake_fd, &ev);
  s.w_listen.set(s.epfd, s.listen_fd, EPOLLIN, kListenTag);
  s.thread = std::thread([&s] { s.loop(); });
}

TunnelServer::~TunnelServer() {
  Impl& s = *impl_;
  uint64_t one = 1;
  (void)!::write(s.wake_fd, &one, sizeof one);
  if (s.thread.joinable()) s.thread.join();
  while (!s.conns.empty()) s.destroy(s.conns.begin()->first, "server stopped");
  ::close(s.listen_fd);
  ::close(s.wake_fd);
  ::close(s.epfd);
}

uint16_t TunnelServer::port() const { return impl_->bound_port; }

TunnelServer::Stats TunnelServer::stats() const {
  return Stats{impl_->accepted.load(), impl_->authenticated.load(), impl_->refused.load(),
               impl_->evicted.load(),  impl_->open.load(),          impl_->pending.load()};
}

// ------------------------------------------------------------------ loop

Clock::time_point TunnelServer::Impl::next_deadline() const {
  Clock::time_point t =
      listen_paused_until > Clock::now() ? listen_paused_until : Clock::time_point::max();
  for (auto& kv : conns) {
    const Conn& c = *kv.second;
    Clock::time_point d = c.phase == Conn::Phase::established ? c.pipe->deadline() : c.deadline;
    if (d < t) t = d;
  }
  return t;
}

void TunnelServer::Impl::loop() {
  constexpr int kMaxEvents = 128;
  epoll_event events[kMaxEvents];
  for (;;) {
    Clock::time_point deadline = next_deadline();
    int timeout = -1;
    if (deadline != Clock::time_point::max()) {
      auto ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      timeout = ms < 0 ? 0 : static_cast<int>(std::min<long long>(ms + 1, 60000));
    }
    int n = ::epoll_wait(epfd, events, kMaxEvents, timeout);
    if (n < 0 && errno != EINTR) return;
    for (int i = 0; i < n; ++i) {
      uint64_t tag = events[i].data.u64;
      if (tag == kWakeTag) return;
      if (tag == kListenTag) {
        accept_all();
        continue;
      }
      auto it = conns.find(tag >> 1);
      if (it != conns.end()) drive(*it->second);
    }
    Clock::time_point now = Clock::now();
    if (listen_paused_until != Clock::time_point::min() && now >= listen_paused_until) {
      listen_paused_until = Clock::time_point::min();
      w_listen.set(epfd, listen_fd, EPOLLIN, kListenTag);
    }
    expire(now);
  }
}

void TunnelServer::Impl::expire(Clock::time_point now) {
  std::vector<std::pair<uint64_t, std::string>> doomed;
  for (auto& kv : conns) {
    Conn& c = *kv.second;
    if (c.phase == Conn::Phase::established) {
      if (now >= c.pipe->deadline())
        doomed.emplace_back(kv.first, "half-closed tunnel did not finish");
    } else if (now >= c.deadline) {
      doomed.emplace_back(
          kv.first,
          c.phase == Conn::Phase::refusing || c.phase == Conn::Phase::draining
              ? ""
              : "handshake timed out after " + net::format_duration(cfg.handshake_timeout));
    }
  }
  for (auto& d : doomed) destroy(d.first, d.second);
}

void TunnelServer::Impl::accept_all() {
  for (int i = 0; i < kMaxAcceptsPerWake; ++i) {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    int fd = ::accept4(listen_fd, reinterpret_cast<sockaddr*>(&addr), &len,
                       SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) return;
      if (errno == EINTR || errno == ECONNABORTED || errno == EPROTO) continue;
      if (errno == EMFILE || errno == ENFILE) {
        // Out of descriptors: an unauthenticated connection gives its socket up.
        if (auto victim = pool->evict_oldest()) {
          evict(*victim, "out of file descriptors");
          continue;
        }
      }
      // Out of descriptors or memory: stop accepting for a moment instead of spinning.
      event(std::string("accept failed: ") + std::strerror(errno) + "; pausing for 100ms");
      w_listen.drop(epfd);
      listen_paused_until = Clock::now() + std::chrono::milliseconds(100);
      return;
    }
    ++accepted;
    std::string address = net::format_address(addr);
    net::set_nodelay(fd);
    net::set_keepalive(fd, cfg.peer_timeout);
    auto c = std::make_unique<Conn>();
    c->id = next_id++;
    c->address = address;
    c->source = source_of(addr);
    c->deadline = Clock::now() + cfg.handshake_timeout;
    if (cfg.tls) {
      SSL* ssl = SSL_new(cfg.tls->native());
      if (!ssl) {
        ::close(fd);
        ++refused;
        event("refused " + address + ": cannot create a TLS session");
        continue;
      }
      SSL_set_accept_state(ssl);
      c->outer = Endpoint(fd, ssl);
      c->phase = Conn::Phase::handshake;
    } else {
      c->outer = Endpoint(fd, nullptr);
      c->phase = Conn::Phase::hello;
    }
    // Never turn a newcomer away: at a cap, an older unauthenticated connection goes.
    std::optional<uint64_t> victim = pool->admit(c->id, c->source);
    pending = pool->size();
    if (victim) evict(*victim, "the limit of " + pool->last_reason() + " unauthenticated connections");
    Conn& ref = *c;
    conns.emplace(c->id, std::move(c));
    drive(ref);
  }
}

// ------------------------------------------------------------- per connection

void TunnelServer::Impl::drive(Conn& c) {
  if (c.phase == Conn::Phase::handshake) {
    Io r = c.outer.handshake();
    if (!SSL_in_before(c.outer.ssl())) pool->talking(c.id);  // its ClientHello is in
    if (r == Io::again) {
      c.w_outer.set(epfd, c.outer.fd(), c.outer.handshake_events(), c.id << 1);
      return;
    }
    if (r != Io::ok) {
      drain(c, "TLS handshake failed: " + c.outer.error());
      return;
    }
    if (!authenticate(c)) return;
    c.phase = Conn::Phase::hello;
  }
  if (c.phase == Conn::Phase::draining) {
    discard_input(c);
    return;
  }
  if (c.phase == Conn::Phase::hello) {
    read_hello(c);
    return;  // c may be gone
  }
  if (c.phase == Conn::Phase::refusing) {
    send_reply(c);
    return;
  }
  // established
  if (!c.pipe->pump()) {
    destroy(c.id, c.pipe->reason());
    return;
  }
  c.w_outer.set(epfd, c.pipe->outer().fd(), c.pipe->outer_events(), c.id << 1);
  c.w_inner.set(epfd, c.pipe->inner().fd(), c.pipe->inner_events(), (c.id << 1) | 1);
}

void TunnelServer::Impl::read_hello(Conn& c) {
  for (;;) {
    char buf[kMaxHelloLine + 2];
    size_t want = kMaxHelloLine + 1 - c.hello.size();  // the line plus its '\n'
    size_t n = 0;
    Io r = c.outer.read(buf, want, n);
    if (r == Io::again) {
      c.w_outer.set(epfd, c.outer.fd(), c.outer.read_events(), c.id << 1);
      return;
    }
    if (r == Io::eof || r == Io::error) {
      if (r == Io::eof)
        destroy(c.id, "closed before the hello");
      else
        drain(c, "failed before the hello: " + c.outer.error());
      return;
    }
    c.hello.append(buf, n);
    pool->talking(c.id);
    auto nl = c.hello.find('\n');
    if (nl != std::string::npos) {
      std::string line = c.hello.substr(0, nl);
      std::string leftover = c.hello.substr(nl + 1);
      on_hello_line(c, line, leftover);
      return;
    }
    if (c.hello.size() > kMaxHelloLine) {
      refuse(c, "expected MAI-SANDBOX/1 hello (line longer than " + std::to_string(kMaxHelloLine) +
                    " bytes)");
      return;
    }
  }
}

void TunnelServer::Impl::on_hello_line(Conn& c, const std::string& line,
                                       const std::string& leftover) {
  if (auto refusal = check_client_hello(line)) {
    refuse(c, *refusal);
    return;
  }
  if (!c.authenticated && !authenticate(c)) return;
  establish(c, leftover);
}

// The moment a connection proves who it is (TLS: a verified certificate;
// plain TCP: a hello on loopback). From here it counts against the limits of
// authenticated connections instead of the unauthenticated pool. false: it
// was refused (or closed) and must not be used.
bool TunnelServer::Impl::authenticate(Conn& c) {
  PeerIdentity id;
  id.address = c.address;
  if (c.outer.tls()) {
    X509* cert = SSL_get0_peer_certificate(c.outer.ssl());
    if (!cert || SSL_get_verify_result(c.outer.ssl()) != X509_V_OK) {
      destroy(c.id, "no verified client certificate");
      return false;
    }
    id.tls = true;
    id.subject = subject_of(cert);
    id.fingerprint = fingerprint_of(cert);
  }
  const std::string client_key = id.tls ? id.fingerprint : "plain-tcp " + c.source;
  pool->remove(c.id);
  pending = pool->size();
  if (admitted >= cfg.max_connections) {
    refuse(c, "server is at its limit of " + std::to_string(cfg.max_connections) + " connections");
    return false;
  }
  auto held = per_client.find(client_key);
  if (held != per_client.end() && held->second >= cfg.max_connections_per_client) {
    refuse(c, "client " + id.display() + " is at its limit of " +
                  std::to_string(cfg.max_connections_per_client) + " connections");
    return false;
  }
  c.authenticated = true;
  c.identity = id;
  c.client_key = client_key;
  ++per_client[client_key];
  ++admitted;
  return true;
}

void TunnelServer::Impl::establish(Conn& c, const std::string& leftover) {
  const PeerIdentity& id = c.identity;
  int fd = net::bound_loopback_socket();
  if (fd < 0) {
    refuse(c, "service unavailable");
    event("cannot create a loopback socket: " + std::string(std::strerror(errno)));
    return;
  }
  net::set_nodelay(fd);
  std::string token = net::random_token();
  uint16_t lport = net::local_port(fd);
  sessions->add(token, id);
  gate->expect(lport, token);
  int rc = net::start_connect_loopback(fd, cfg.backend_port);
  if (rc != 0 && rc != EINPROGRESS) {
    sessions->remove(token);
    gate->forget(lport);
    ::close(fd);
    event("cannot connect to the backend 127.0.0.1:" + std::to_string(cfg.backend_port) + ": " +
          std::strerror(rc));
    refuse(c, "service unavailable");
    return;
  }
  c.token = token;
  c.local_port = lport;
  c.w_outer.drop(epfd);  // re-registered under the pipe below (same fd)
  c.phase = Conn::Phase::established;
  c.deadline = Clock::time_point::max();
  ++open;
  BaspGateSettings g;
  g.max_payload = cfg.max_frame_bytes;
  g.forwardable = cfg.forwardable_signatures;
  g.enforce = cfg.check_basp;
  const uint64_t conn_id = c.id;
  g.claim_node = [this, conn_id](const std::string& node) { return claim_node(conn_id, node); };
  c.pipe = std::make_unique<Pipe>(
      std::move(c.outer), Endpoint(fd, nullptr), rc == EINPROGRESS,
      std::make_unique<BaspGate>(std::move(g)), leftover,
      std::string(kHelloPrefix) + std::to_string(kProtocolVersion) + " OK " + token + "\n");
  ++authenticated;
  event("tunnel from " + c.address + " (" + id.display() + ") established");
  drive(c);
}

void TunnelServer::Impl::refuse(Conn& c, const std::string& reason) {
  c.phase = Conn::Phase::refusing;
  c.reply = std::string(kHelloPrefix) + std::to_string(kProtocolVersion) + " ERR " + reason + "\n";
  event("refused " + c.address + ": " + reason);
  send_reply(c);
}

void TunnelServer::Impl::send_reply(Conn& c) {
  while (!c.reply.empty()) {
    size_t n = 0;
    Io r = c.outer.write(c.reply.data(), c.reply.size(), n);
    if (r == Io::again) {
      c.w_outer.set(epfd, c.outer.fd(), c.outer.write_events(), c.id << 1);
      return;
    }
    if (r != Io::ok) {
      destroy(c.id, "");
      return;
    }
    c.reply.erase(0, n);
  }
  c.outer.shutdown_write();  // best effort: close_notify
  drain(c, "");
}

void TunnelServer::Impl::drain(Conn& c, const std::string& why) {
  if (!why.empty()) event("refused " + c.address + ": " + why);
  c.phase = Conn::Phase::draining;
  ::shutdown(c.outer.fd(), SHUT_WR);
  c.deadline = std::min(c.deadline, Clock::now() + std::chrono::milliseconds(1000));
  discard_input(c);
}

void TunnelServer::Impl::discard_input(Conn& c) {
  char buf[4096];
  for (int i = 0; i < 16; ++i) {  // at most 64 KiB per wake-up
    ssize_t r = ::recv(c.outer.fd(), buf, sizeof buf, 0);
    if (r > 0) continue;
    if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      c.w_outer.set(epfd, c.outer.fd(), EPOLLIN, c.id << 1);
      return;
    }
    if (r < 0 && errno == EINTR) continue;
    destroy(c.id, "");  // EOF or error: the peer is gone
    return;
  }
  destroy(c.id, "sent too much after being refused");
}

void TunnelServer::Impl::destroy(uint64_t id, const std::string& why) {
  auto it = conns.find(id);
  if (it == conns.end()) return;
  Conn& c = *it->second;
  c.w_outer.drop(epfd);
  c.w_inner.drop(epfd);
  if (c.authenticated) {
    if (--per_client[c.client_key] == 0) per_client.erase(c.client_key);
    --admitted;
  }
  if (c.phase == Conn::Phase::established) {
    sessions->remove(c.token);
    gate->forget(c.local_port);
    if (!c.node.empty()) {
      auto n = nodes.find(c.node);
      if (n != nodes.end() && --n->second.second == 0) nodes.erase(n);
    }
    --open;
    event("tunnel from " + c.address + " (" + c.identity.display() + ") closed" +
          (why.empty() ? "" : ": " + why));
    c.pipe->close();
  } else {
    pool->remove(id);
    pending = pool->size();
    ++refused;
    if (!why.empty()) event("refused " + c.address + ": " + why);
    c.outer.close();
  }
  conns.erase(it);
}

void TunnelServer::Impl::evict(uint64_t id, const std::string& why) {
  auto it = conns.find(id);
  if (it == conns.end()) return;
  ++evicted;
  event("evicted " + it->second->address + " (not authenticated): " + why);
  destroy(id, "");
}

bool TunnelServer::Impl::claim_node(uint64_t id, const std::string& node) {
  auto it = conns.find(id);
  if (it == conns.end()) return false;
  Conn& c = *it->second;
  auto& holder = nodes[node];
  if (holder.second > 0 && holder.first != c.client_key) return false;
  holder.first = c.client_key;
  ++holder.second;
  c.node = node;
  return true;
}

// Every connection costs descriptors (unauthenticated: 1; a tunnel: its
// socket, its loopback socket and CAF's end): raise the soft limit so the
// caps, not EMFILE, decide who is served.
void TunnelServer::Impl::ensure_fd_limit() {
  const rlim_t need =
      static_cast<rlim_t>(cfg.max_handshakes + 3 * cfg.max_connections) + 1024;
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= need) return;
  rlim_t want = rl.rlim_max == RLIM_INFINITY ? need : std::min(need, rl.rlim_max);
  if (want > rl.rlim_cur) {
    rl.rlim_cur = want;
    ::setrlimit(RLIMIT_NOFILE, &rl);
  }
  if (want < need)
    event("the file descriptor limit (" + std::to_string(want) + ") is below what the connection "
          "limits need (" + std::to_string(need) + ")");
}

}  // namespace mai::transport
