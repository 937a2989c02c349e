// transport_bench [MiB] [rounds]: what the tunnel costs a legitimate client,
// measured against peers in the same run (ratios; absolute numbers on a
// shared machine are noise).
//
// 1. Throughput: MiB one way in 64 KiB BASP messages (a client handshake,
//    then messages to the published actor) through TunnelClient ->
//    TunnelServer to a sink that answers like CAF's server, against the same
//    transfer direct on loopback; plain and TLS, each with the BASP gate
//    checking every frame and with framing only (the gate's cost).
// 2. Connecting: a mutual-TLS TunnelClient::connect to an idle server, and to
//    one whose unauthenticated pool is full (1100 idle connections from 70
//    source addresses against its cap of 1024), where each connect evicts one
//    (the limits' cost).
// Interleaved per round; best (throughput) and median (connect) reported.
// Certificates come from tools/make-certs.sh in a temporary directory.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "transport/basp.hpp"
#include "transport/port_gate.hpp"
#include "transport/session_registry.hpp"
#include "transport/tls_context.hpp"
#include "transport/tunnel_client.hpp"
#include "transport/tunnel_server.hpp"

using namespace mai::transport;
using Clock = std::chrono::steady_clock;

namespace {

constexpr uint64_t kDoor = 13;

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

int connect_from(const char* ip, uint16_t port) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in src{};
  src.sin_family = AF_INET;
  ::inet_pton(AF_INET, ip, &src.sin_addr);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  ::bind(s, reinterpret_cast<sockaddr*>(&src), sizeof src);
  ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a);
  return s;
}

bool send_all(int fd, const std::string& data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t r = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (r <= 0) return false;
    off += static_cast<size_t>(r);
  }
  return true;
}

std::string frame(uint8_t op, uint8_t flags, uint64_t mid, uint64_t dst, const std::string& p) {
  basp::Header h;
  h.operation = op;
  h.flags = flags;
  h.operation_data = mid;
  h.source_actor = op == 2 ? 7 : 0;
  h.dest_actor = dst;
  return basp::encode_frame(h, p);
}

const std::string& server_handshake() {
  static const std::string s =
      frame(0, 0, 3, 0,
            basp::encode_node_id(1, std::string(20, 'S')) + basp::encode_length(1) +
                basp::encode_string("generic-caf-app") + basp::encode_u64(kDoor) +
                basp::encode_length(0));
  return s;
}

const std::string& client_handshakes() {
  static const std::string node = basp::encode_node_id(2, std::string(20, 'C'));
  static const std::string s = frame(1, 0, 0, 0, node) + frame(1, 2, 0, 0, node);
  return s;
}

const std::string& message() {  // 64 KiB payload to the published actor
  static const std::string s = [] {
    std::string payload = basp::encode_message("@<>+@atom+@str", "");
    payload.resize(65536, 'x');
    return frame(2, 0, 0x1000000000000000ull, kDoor, payload);
  }();
  return s;
}

// Accepts one connection, sends the server handshake, reads `bytes`, then acks.
std::thread sink(int lfd, size_t bytes) {
  return std::thread([lfd, bytes] {
    int c = ::accept(lfd, nullptr, nullptr);
    send_all(c, server_handshake());
    std::vector<char> buf(1 << 16);
    size_t got = 0;
    while (got < bytes) {
      ssize_t r = ::recv(c, buf.data(), buf.size(), 0);
      if (r <= 0) break;
      got += static_cast<size_t>(r);
    }
    send_all(c, "k");
    char drain;
    ::recv(c, &drain, 1, 0);
    ::close(c);
  });
}

bool recv_exactly(int fd, size_t n) {
  char buf[4096];
  while (n > 0) {
    ssize_t r = ::recv(fd, buf, std::min(sizeof buf, n), 0);
    if (r <= 0) return false;
    n -= static_cast<size_t>(r);
  }
  return true;
}

// As CAF's client does: the handshakes, the service's handshake awaited, then
// `frames` messages; waits for the sink's ack. Seconds, or -1 on a failure.
double transfer(int fd, size_t frames) {
  auto t0 = Clock::now();
  if (!send_all(fd, client_handshakes()) || !recv_exactly(fd, server_handshake().size()))
    return -1;
  for (size_t i = 0; i < frames; ++i)
    if (!send_all(fd, message())) return -1;
  if (!recv_exactly(fd, 1)) return -1;
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double best(const std::vector<double>& v) {
  for (double x : v)
    if (x < 0) {
      std::fprintf(stderr, "a transfer failed\n");
      std::exit(1);
    }
  return *std::min_element(v.begin(), v.end());
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  size_t mib = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100;
  int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
  size_t frames = mib * 16;  // 64 KiB payloads
  size_t bytes = client_handshakes().size() + frames * message().size();
  rlimit rl{};
  ::getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &rl);

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

  std::vector<double> direct, plain_gate, plain_framing, tls_gate, tls_framing;
  std::vector<double> connect_idle, connect_flooded;
  for (int round = 0; round < rounds; ++round) {
    {  // direct loopback
      uint16_t port;
      int lfd = listen_loopback(port);
      auto t = sink(lfd, bytes);
      int fd = connect_from("127.0.0.1", port);
      direct.push_back(transfer(fd, frames));
      ::close(fd);
      t.join();
      ::close(lfd);
    }
    for (bool use_tls : {false, true}) {
      for (bool gate_on : {true, false}) {
        uint16_t port;
        int lfd = listen_loopback(port);
        auto t = sink(lfd, bytes);
        TunnelServerSettings ss;
        ss.backend_port = port;
        ss.check_basp = gate_on;
        if (use_tls) ss.tls = server_tls;
        TunnelServer server(ss, std::make_shared<SessionRegistry>(), std::make_shared<PortGate>());
        TunnelClientSettings cs;
        cs.host = "127.0.0.1";
        cs.port = server.port();
        if (use_tls) cs.tls = client_tls;
        auto client = TunnelClient::connect(cs);
        int fd = client->take_local_fd();
        double s = transfer(fd, frames);
        (use_tls ? (gate_on ? tls_gate : tls_framing) : (gate_on ? plain_gate : plain_framing))
            .push_back(s);
        ::close(fd);
        t.join();
        ::close(lfd);
      }
    }
    for (bool flooded : {false, true}) {
      uint16_t port;
      int lfd = listen_loopback(port);  // never accepted: connect timing only
      TunnelServerSettings ss;
      ss.backend_port = port;
      ss.tls = server_tls;
      ss.handshake_timeout = std::chrono::seconds(120);
      TunnelServer server(ss, std::make_shared<SessionRegistry>(), std::make_shared<PortGate>());
      std::vector<int> idle;
      if (flooded) {
        for (int i = 0; i < 1100; ++i) {
          std::string ip = "127.0.0." + std::to_string(2 + i % 70);
          idle.push_back(connect_from(ip.c_str(), server.port()));
        }
        while (server.stats().accepted < 1100)
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      TunnelClientSettings cs;
      cs.host = "127.0.0.1";
      cs.port = server.port();
      cs.tls = client_tls;
      for (int i = 0; i < 20; ++i) {
        auto t0 = Clock::now();
        auto client = TunnelClient::connect(cs);
        (flooded ? connect_flooded : connect_idle)
            .push_back(std::chrono::duration<double>(Clock::now() - t0).count());
      }
      if (flooded && server.stats().evicted == 0) std::fprintf(stderr, "the pool was never full\n");
      for (int fd : idle) ::close(fd);
      ::close(lfd);
    }
  }
  auto rate = [&](double s) { return static_cast<double>(bytes) / (1 << 20) / s; };
  std::printf("transfer: %zu MiB one way in 64 KiB BASP messages, best of %d rounds\n", mib, rounds);
  std::printf("  direct loopback               %8.1f MiB/s  (%.3f s)\n", rate(best(direct)),
              best(direct));
  auto row = [&](const char* name, const std::vector<double>& gate, const std::vector<double>& fr) {
    std::printf("  %-29s %8.1f MiB/s  (%.3f s)  %.2fx direct time; framing only %.1f MiB/s: "
                "gate/framing time %.3f\n",
                name, rate(best(gate)), best(gate), best(gate) / best(direct), rate(best(fr)),
                best(gate) / best(fr));
  };
  row("tunnel, plain TCP, BASP gate", plain_gate, plain_framing);
  row("tunnel, TLS 1.3, BASP gate", tls_gate, tls_framing);
  std::printf("connect (mutual TLS, hello, loopback pair), median of %zu:\n", connect_idle.size());
  std::printf("  idle server                   %8.2f ms\n", median(connect_idle) * 1e3);
  std::printf("  pool full (1024 held)         %8.2f ms  flooded/idle %.3f\n",
              median(connect_flooded) * 1e3, median(connect_flooded) / median(connect_idle));
  std::string rm = "rm -rf " + dir;
  return std::system(rm.c_str()) == 0 ? 0 : 1;
}
