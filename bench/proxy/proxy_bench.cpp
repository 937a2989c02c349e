// The deps proxy's cost, measured in one run against its peer: the same
// transfers straight to the same loopback upstream. Prints a 100 MiB
// download's throughput, small GETs per second and short HTTPS-shaped tunnels
// per second (a 517-byte ClientHello naming the host, a 512-byte answer: what
// the ClientHello checks and upload budgets act on), both ways.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "proxy/server.hpp"

namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kBig = 100u << 20;
constexpr size_t kSmall = 512;

int listen_loopback(uint16_t& port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::listen(s, 512);
  socklen_t len = sizeof a;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  port = ntohs(a.sin_port);
  return s;
}

int connect_loopback(uint16_t port) {
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

bool send_all(int fd, const char* p, size_t n) {
  while (n) {
    ssize_t w = ::send(fd, p, n, MSG_NOSIGNAL);
    if (w <= 0) return false;
    p += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

// A minimal HTTP upstream: /big is 100 MiB, anything else 512 bytes; closes after each.
void upstream(int lfd) {
  static const std::string chunk(1u << 20, 'b');
  while (true) {
    int c = ::accept(lfd, nullptr, nullptr);
    if (c < 0) return;
    std::thread([c] {
      std::string head;
      char buf[4096];
      while (head.find("\r\n\r\n") == std::string::npos) {
        ssize_t n = ::recv(c, buf, sizeof buf, 0);
        if (n <= 0) break;
        head.append(buf, static_cast<size_t>(n));
      }
      bool big = head.find(" /big ") != std::string::npos;
      size_t size = big ? kBig : kSmall;
      std::string resp = "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(size) +
                         "\r\nConnection: close\r\n\r\n";
      // Small answers go out in one write, as a real server's would (no Nagle stall).
      if (!big) resp += chunk.substr(0, size);
      if (send_all(c, resp.data(), resp.size()) && big) {
        for (size_t left = size; left;) {
          size_t n = std::min(left, chunk.size());
          if (!send_all(c, chunk.data(), n)) break;
          left -= n;
        }
      }
      ::close(c);
    }).detach();
  }
}

// A TLS-shaped upstream: reads a ClientHello's worth, answers 512 bytes, closes.
void tls_upstream(int lfd, size_t hello_size) {
  while (true) {
    int c = ::accept(lfd, nullptr, nullptr);
    if (c < 0) return;
    std::thread([c, hello_size] {
      char buf[4096];
      size_t got = 0;
      while (got < hello_size) {
        ssize_t n = ::recv(c, buf, sizeof buf, 0);
        if (n <= 0) break;
        got += static_cast<size_t>(n);
      }
      std::string answer(kSmall, 's');
      send_all(c, answer.data(), answer.size());
      ::close(c);
    }).detach();
  }
}

// A ClientHello naming `sni`, padded to 517 bytes as OpenSSL's are.
std::string client_hello(const std::string& sni) {
  auto u16 = [](size_t v) { return std::string{static_cast<char>(v >> 8), static_cast<char>(v)}; };
  std::string entry = std::string(1, '\0') + u16(sni.size()) + sni;
  std::string ext = u16(0) + u16(entry.size() + 2) + u16(entry.size()) + entry;
  ext += u16(0x002b) + u16(3) + std::string("\x02\x03\x04", 3);
  size_t fixed = 5 + 4 + 2 + 32 + 1 + 2 + 2 + 2 + 2 + ext.size() + 4;
  ext += u16(0x0015) + u16(517 - fixed) + std::string(517 - fixed, '\0');
  std::string body = std::string("\x03\x03", 2) + std::string(32, 'R') + std::string(1, '\0') +
                     u16(2) + std::string("\x13\x01", 2) + std::string("\x01\x00", 2) +
                     u16(ext.size()) + ext;
  std::string hs = std::string(1, '\x01') + std::string(1, '\0') + u16(body.size()) + body;
  return std::string("\x16\x03\x01", 3) + u16(hs.size()) + hs;
}

// One tunnel: CONNECT (when `connect` is not empty), the ClientHello, the answer.
size_t tunnel(uint16_t port, const std::string& connect, const std::string& hello) {
  int fd = connect_loopback(port);
  if (fd < 0) return 0;
  static thread_local std::vector<char> buf(1u << 16);
  if (!connect.empty()) {
    send_all(fd, connect.data(), connect.size());
    std::string head;
    while (head.find("\r\n\r\n") == std::string::npos) {
      ssize_t n = ::recv(fd, buf.data(), 1, 0);
      if (n <= 0) break;
      head.push_back(buf[0]);
    }
  }
  send_all(fd, hello.data(), hello.size());
  size_t total = 0;
  while (true) {
    ssize_t n = ::recv(fd, buf.data(), buf.size(), 0);
    if (n <= 0) break;
    total += static_cast<size_t>(n);
  }
  ::close(fd);
  return total;
}

// One GET; returns the bytes received (head and body).
size_t fetch(uint16_t port, const std::string& request) {
  int fd = connect_loopback(port);
  if (fd < 0) return 0;
  send_all(fd, request.data(), request.size());
  static thread_local std::vector<char> buf(1u << 18);
  size_t total = 0;
  while (true) {
    ssize_t n = ::recv(fd, buf.data(), buf.size(), 0);
    if (n <= 0) break;
    total += static_cast<size_t>(n);
  }
  ::close(fd);
  return total;
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Best of three, MiB/s.
double throughput(uint16_t port, const std::string& request) {
  double best = 0;
  for (int i = 0; i < 3; ++i) {
    auto t = Clock::now();
    size_t got = fetch(port, request);
    double s = seconds_since(t);
    if (got < kBig) std::fprintf(stderr, "short download: %zu bytes\n", got);
    best = std::max(best, static_cast<double>(got) / (1u << 20) / s);
  }
  return best;
}

// Requests per second over `n` GETs from `clients` concurrent clients.
double rate(uint16_t port, const std::string& request, int n, int clients) {
  std::atomic<int> next{0}, ok{0};
  auto t = Clock::now();
  std::vector<std::thread> ts;
  for (int c = 0; c < clients; ++c)
    ts.emplace_back([&] {
      while (next++ < n)
        if (fetch(port, request) > kSmall) ++ok;
    });
  for (auto& th : ts) th.join();
  double s = seconds_since(t);
  if (ok != n) std::fprintf(stderr, "%d of %d small requests failed\n", n - ok.load(), n);
  return n / s;
}

// Tunnels per second over `n` from `clients` concurrent clients.
double tunnel_rate(uint16_t port, const std::string& connect, const std::string& hello, int n,
                   int clients) {
  std::atomic<int> next{0}, ok{0};
  auto t = Clock::now();
  std::vector<std::thread> ts;
  for (int c = 0; c < clients; ++c)
    ts.emplace_back([&] {
      while (next++ < n)
        if (tunnel(port, connect, hello) == kSmall) ++ok;
    });
  for (auto& th : ts) th.join();
  double s = seconds_since(t);
  if (ok != n) std::fprintf(stderr, "%d of %d tunnels failed\n", n - ok.load(), n);
  return n / s;
}

}  // namespace

int main(int argc, char** argv) {
  int small_n = argc > 1 ? std::atoi(argv[1]) : 2000;
  uint16_t up_port = 0, proxy_port = 0;
  int up_fd = listen_loopback(up_port);
  std::thread(upstream, up_fd).detach();
  const std::string hello = client_hello("tls.bench.test");
  uint16_t tls_port = 0;
  int tls_fd = listen_loopback(tls_port);
  std::thread(tls_upstream, tls_fd, hello.size()).detach();

  mai::config::NetworkConfig cfg;
  cfg.allow = {"bench.test", "tls.bench.test"};
  cfg.resolve["bench.test"] = {"127.0.0.1", up_port};
  cfg.resolve["tls.bench.test"] = {"127.0.0.1", tls_port};
  cfg.limits.max_connections = 64;
  cfg.limits.max_requests = 1u << 20;
  cfg.limits.download_per_connection = 1ull << 30;
  cfg.limits.download_per_run = 1ull << 40;
  cfg.limits.upload_per_run = 1ull << 30;
  mai::proxy::Server server(cfg, listen_loopback(proxy_port));
  std::thread serving([&] { server.run(); });

  const std::string direct_big = "GET /big HTTP/1.1\r\nHost: bench.test\r\nConnection: close\r\n\r\n";
  const std::string proxy_big = "GET http://bench.test/big HTTP/1.1\r\nHost: bench.test\r\n\r\n";
  const std::string direct_small = "GET /s HTTP/1.1\r\nHost: bench.test\r\nConnection: close\r\n\r\n";
  const std::string proxy_small = "GET http://bench.test/s HTTP/1.1\r\nHost: bench.test\r\n\r\n";

  double big_direct = throughput(up_port, direct_big);
  double big_proxy = throughput(proxy_port, proxy_big);
  // Interleaved rounds, best of each: a busy machine hurts both sides alike.
  double small_direct_1 = 0, small_proxy_1 = 0, small_direct_4 = 0, small_proxy_4 = 0;
  double tunnel_direct = 0, tunnel_proxy = 0;
  const std::string connect = "CONNECT tls.bench.test:443 HTTP/1.1\r\nHost: tls.bench.test:443\r\n\r\n";
  for (int round = 0; round < 3; ++round) {
    tunnel_proxy = std::max(tunnel_proxy, tunnel_rate(proxy_port, connect, hello, small_n, 1));
    tunnel_direct = std::max(tunnel_direct, tunnel_rate(tls_port, "", hello, small_n, 1));
    small_proxy_1 = std::max(small_proxy_1, rate(proxy_port, proxy_small, small_n, 1));
    small_direct_1 = std::max(small_direct_1, rate(up_port, direct_small, small_n, 1));
    small_proxy_4 = std::max(small_proxy_4, rate(proxy_port, proxy_small, small_n, 4));
    small_direct_4 = std::max(small_direct_4, rate(up_port, direct_small, small_n, 4));
  }
  server.stop();
  serving.join();

  std::printf("%-40s %12s %12s %8s\n", "transfer (loopback)", "direct", "via proxy", "ratio");
  std::printf("%-40s %9.0f MiB/s %9.0f MiB/s %7.2f\n", "100 MiB download, best of 3", big_direct,
              big_proxy, big_proxy / big_direct);
  std::printf("%-40s %10.0f /s %10.0f /s %7.2f\n",
              ("small GETs, 1 client, best of 3 x " + std::to_string(small_n)).c_str(), small_direct_1,
              small_proxy_1, small_proxy_1 / small_direct_1);
  std::printf("%-40s %10.0f /s %10.0f /s %7.2f\n",
              ("small GETs, 4 clients, best of 3 x " + std::to_string(small_n)).c_str(),
              small_direct_4, small_proxy_4, small_proxy_4 / small_direct_4);
  std::printf("%-40s %10.0f /s %10.0f /s %7.2f\n",
              ("tunnels, 1 client, best of 3 x " + std::to_string(small_n)).c_str(), tunnel_direct,
              tunnel_proxy, tunnel_proxy / tunnel_direct);
  std::printf("proxy decisions recorded: %zu\n", server.events().size());
  return 0;
}
