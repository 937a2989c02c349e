// Real sockets on loopback for the proxy tests: a proxy Server on its own
// thread, small upstream servers, and a client with timeouts. No mocks.
#pragma once
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "config/network_config.hpp"
#include "proxy/server.hpp"

namespace mai::proxy::test {

inline int listen_loopback(uint16_t& port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(s, 128) != 0)
    throw std::runtime_error("listen failed");
  socklen_t len = sizeof a;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  port = ntohs(a.sin_port);
  return s;
}

inline int connect_loopback(uint16_t port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

inline bool send_all(int fd, const std::string& data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

// Reads until EOF, error, `stop_at` bytes or the timeout; never blocks longer.
inline std::string read_until_closed(int fd, int timeout_ms = 5000, size_t stop_at = SIZE_MAX) {
  std::string out;
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char buf[65536];
  while (out.size() < stop_at) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    end - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) break;
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

// Reads until `marker` appears (or EOF/timeout).
inline std::string read_until(int fd, const std::string& marker, int timeout_ms = 5000) {
  std::string out;
  auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char c;
  while (out.find(marker) == std::string::npos) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    end - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) break;
    if (::recv(fd, &c, 1, 0) <= 0) break;
    out += c;
  }
  return out;
}

// An upstream on loopback: answers each connection through `handler`
// (given the socket), one thread per connection; records what arrived.
class Upstream {
 public:
  // Default: a tiny HTTP server answering every request head with `body`.
  explicit Upstream(std::string body = "hello from upstream\n") : body_(std::move(body)) {
    fd_ = listen_loopback(port_);
    thread_ = std::thread([this] { loop(); });
  }
  ~Upstream() {
    stop_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    thread_.join();
    for (auto& t : workers_) t.join();
    ::close(fd_);
  }
  uint16_t port() const { return port_; }
  // A sink: reads and records everything, answers nothing.
  void make_sink() { sink_ = true; }
  // Keeps every connection open after its response, as a server that
  // ignores "Connection: close" would.
  void ignore_close() { ignore_close_ = true; }
  // A blaster: after the first bytes arrive, sends `n` bytes and closes.
  void make_blaster(size_t n) { blast_ = n; }
  std::string received() {
    std::lock_guard<std::mutex> lock(mu_);
    return received_;
  }
  int connections() const { return connections_; }

 private:
  void loop() {
    while (!stop_) {
      int c = ::accept(fd_, nullptr, nullptr);
      if (c < 0) return;
      ++connections_;
      workers_.emplace_back([this, c] { serve(c); });
    }
  }
  void serve(int c) {
    if (blast_) {
      char b[4096];
      ::recv(c, b, sizeof b, 0);
      send_all(c, std::string(blast_, 'z'));
    } else if (sink_) {
      std::string got = read_until_closed(c, 10000);
      std::lock_guard<std::mutex> lock(mu_);
      received_ += got;
    } else {
      std::string head = read_until(c, "\r\n\r\n");
      {
        std::lock_guard<std::mutex> lock(mu_);
        received_ += head;
      }
      bool is_head = head.rfind("HEAD ", 0) == 0;
      std::string resp = "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body_.size()) +
                         "\r\nConnection: keep-alive\r\n\r\n" + (is_head ? "" : body_);
      send_all(c, resp);
      // Honours the proxy's "Connection: close", as real servers do.
      if (ignore_close_ || head.find("\r\nConnection: close\r\n") == std::string::npos)
        read_until_closed(c, 5000);
    }
    ::close(c);
  }

  std::string body_;
  int fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<bool> stop_{false}, sink_{false};
  std::atomic<int> connections_{0};
  std::atomic<size_t> blast_{0};
  std::atomic<bool> ignore_close_{false};
  std::thread thread_;
  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::string received_;
};

// A proxy Server on a loopback listener, run on its own thread.
class Proxy {
 public:
  explicit Proxy(config::NetworkConfig cfg) {
    int fd = listen_loopback(port_);
    server_ = std::make_unique<Server>(std::move(cfg), fd);
    thread_ = std::thread([this] { server_->run(); });
  }
  ~Proxy() { finish(); }
  std::vector<NetworkEvent> finish() {
    if (thread_.joinable()) {
      server_->stop();
      thread_.join();
    }
    return server_->events();
  }
  std::vector<NetworkEvent> events() const { return server_->events(); }
  const Server& server() const { return *server_; }
  uint16_t port() const { return port_; }
  int connect() const { return connect_loopback(port_); }

  // Sends `request` on a new connection and returns everything until close.
  std::string exchange(const std::string& request, int timeout_ms = 5000) const {
    int fd = connect();
    send_all(fd, request);
    std::string out = read_until_closed(fd, timeout_ms);
    ::close(fd);
    return out;
  }

 private:
  uint16_t port_ = 0;
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

// A default-ish configuration for the tests: short timeouts, names mapped
// onto loopback upstreams by resolve overrides.
inline config::NetworkConfig test_config() {
  config::NetworkConfig c;
  c.allow = {"pkgs.test", "tls.test", "*.mirror.test", "localhost"};
  c.timeouts.header_ms = 800;
  c.timeouts.idle_ms = 3000;
  c.timeouts.connect_ms = 2000;
  c.timeouts.resolve_ms = 2000;
  c.limits.upload_per_tunnel = 4096;
  c.limits.upload_per_run = 65536;
  return c;
}

// A TLS 1.2/1.3-shaped ClientHello naming `sni` (empty: no server_name),
// split into records of at most `record` bytes; `extra` appended extensions.
inline std::string client_hello(const std::string& sni, size_t record = 16384,
                                const std::string& extra_extensions = "") {
  auto u16 = [](size_t v) { return std::string{static_cast<char>(v >> 8), static_cast<char>(v)}; };
  std::string ext;
  if (!sni.empty()) {
    std::string entry = std::string(1, '\0') + u16(sni.size()) + sni;
    std::string list = u16(entry.size()) + entry;
    ext += u16(0) + u16(list.size()) + list;
  }
  ext += u16(0x002b) + u16(3) + std::string("\x02\x03\x04", 3);  // supported_versions
  ext += extra_extensions;
  std::string body = std::string("\x03\x03", 2) + std::string(32, 'R') + std::string(1, '\0') +
                     u16(2) + std::string("\x13\x01", 2) + std::string("\x01\x00", 2) +
                     u16(ext.size()) + ext;
  std::string hs = std::string(1, '\x01') + std::string(1, '\0') + u16(body.size()) + body;
  std::string out;
  for (size_t off = 0; off < hs.size(); off += record) {
    std::string frag = hs.substr(off, record);
    out += std::string("\x16\x03\x01", 3) + u16(frag.size()) + frag;
  }
  return out;
}

}  // namespace mai::proxy::test
