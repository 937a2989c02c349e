// transport_bench [MiB] [rounds]: one-way throughput of a BASP-framed transfer
// through TunnelClient -> TunnelServer (TLS and plain) to a sink on loopback,
// against the same transfer direct on loopback, interleaved per round.
// Certificates come from tools/make-certs.sh in a temporary directory.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "transport/port_gate.hpp"
#include "transport/session_registry.hpp"
#include "transport/tls_context.hpp"
#include "transport/tunnel_client.hpp"
#include "transport/tunnel_server.hpp"

using namespace mai::transport;
using Clock = std::chrono::steady_clock;

namespace {

int listen_loopback(uint16_t& port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::listen(s, 16);
  socklen_t len = sizeof a;
  ::getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
  port = ntohs(a.sin_port);
  return s;
}

int connect_loopback(uint16_t port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  return s;
}

// Accepts one connection and reads `bytes` from it, then answers one byte.
std::thread sink(int lfd, size_t bytes) {
  return std::thread([lfd, bytes] {
    int c = ::accept(lfd, nullptr, nullptr);
    std::vector<char> buf(1 << 16);
    size_t got = 0;
    while (got < bytes) {
      ssize_t r = ::recv(c, buf.data(), buf.size(), 0);
      if (r <= 0) break;
      got += static_cast<size_t>(r);
    }
    char ack = 'k';
    ::send(c, &ack, 1, MSG_NOSIGNAL);
    char drain;
    ::recv(c, &drain, 1, 0);
    ::close(c);
  });
}

// Sends `frames` 64 KiB BASP frames on fd and waits for the sink's ack; seconds.
double transfer(int fd, size_t frames) {
  std::string frame(32 + 65536, 'x');
  frame.replace(0, 8,
                std::string("\x02\0\0\0\x00\x01\x00\x00", 8));  // payload_len 65536, big endian
  auto t0 = Clock::now();
  for (size_t i = 0; i < frames; ++i) {
    size_t off = 0;
    while (off < frame.size()) {
      ssize_t r = ::send(fd, frame.data() + off, frame.size() - off, MSG_NOSIGNAL);
      if (r <= 0) return -1;
      off += static_cast<size_t>(r);
    }
  }
  char ack;
  if (::recv(fd, &ack, 1, 0) != 1) return -1;
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100;
  int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  size_t frames = mib * 16;  // 64 KiB payloads
  size_t bytes = frames * (32 + 65536);

  char tmpl[] = "/tmp/mai-transport-bench-XXXXXX";
  std::string dir = ::mkdtemp(tmpl);
  std::string cmd =
      std::string(MAI_SOURCE_DIR) + "/tools/make-certs.sh " + dir + " --client bench 2>/dev/null";
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "make-certs.sh failed\n");
    return 1;
  }
  auto server_tls = TlsContext::server({dir + "/server.pem", dir + "/server.key", dir + "/ca.pem"});
  auto client_tls = TlsContext::client({dir + "/bench.pem", dir + "/bench.key", dir + "/ca.pem"});

  std::vector<double> direct, plain, tls;
  for (int round = 0; round < rounds; ++round) {
    {  // direct loopback
      uint16_t port;
      int lfd = listen_loopback(port);
      auto t = sink(lfd, bytes);
      int fd = connect_loopback(port);
      direct.push_back(transfer(fd, frames));
      ::close(fd);
      t.join();
      ::close(lfd);
    }
    for (bool use_tls : {false, true}) {
      auto gate = std::make_shared<PortGate>();
      uint16_t port;
      int lfd = listen_loopback(port);
      auto t = sink(lfd, bytes);
      TunnelServerSettings ss;
      ss.backend_port = port;
      if (use_tls) ss.tls = server_tls;
      TunnelServer server(ss, std::make_shared<SessionRegistry>(), gate);
      TunnelClientSettings cs;
      cs.host = "127.0.0.1";
      cs.port = server.port();
      if (use_tls) cs.tls = client_tls;
      auto client = TunnelClient::connect(cs);
      int fd = client->take_local_fd();
      (use_tls ? tls : plain).push_back(transfer(fd, frames));
      ::close(fd);
      t.join();
      ::close(lfd);
    }
  }
  auto best = [](std::vector<double> v) { return *std::min_element(v.begin(), v.end()); };
  auto rate = [&](double s) { return static_cast<double>(bytes) / (1 << 20) / s; };
  std::printf("transfer: %zu MiB one way in 64 KiB BASP frames, best of %d rounds\n", mib, rounds);
  std::printf("  direct loopback        %8.1f MiB/s  (%.3f s)\n", rate(best(direct)), best(direct));
  std::printf("  tunnel, plain TCP      %8.1f MiB/s  (%.3f s)  %.2fx direct time\n",
              rate(best(plain)), best(plain), best(plain) / best(direct));
  std::printf("  tunnel, TLS 1.3        %8.1f MiB/s  (%.3f s)  %.2fx direct time\n",
              rate(best(tls)), best(tls), best(tls) / best(direct));
  std::string rm = "rm -rf " + dir;
  return std::system(rm.c_str()) == 0 ? 0 : 1;
}
