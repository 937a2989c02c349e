// Real sockets on loopback and real OpenSSL for the transport tests: a
// deployment's certificates made by tools/make-certs.sh (plus a rogue CA and
// hand-made expired / not-yet-valid certificates), a plain echo backend gated
// by a PortGate, raw TCP and raw TLS clients for the attacks.
#pragma once
#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "transport/basp.hpp"
#include "transport/port_gate.hpp"
#include "transport/session_registry.hpp"
#include "transport/tls_context.hpp"
#include "transport/tunnel_client.hpp"
#include "transport/tunnel_server.hpp"

namespace mai::transport::test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

inline std::string source_dir() {
  const char* env = std::getenv("MAI_SOURCE_DIR");
  return env && *env ? env : MAI_SOURCE_DIR;
}

inline void write_file(const std::string& path, const std::string& data) {
  std::ofstream out(path, std::ios::binary);
  out << data;
}

inline std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// A certificate signed by the CA in dir/ca.pem with the given validity window
// (seconds from now), for the cases make-certs.sh cannot produce.
inline void make_leaf(const std::string& dir, const std::string& base, const std::string& cn,
                      long not_before, long not_after, const char* eku) {
  auto ca_bio = BIO_new_file((dir + "/ca.pem").c_str(), "r");
  X509* ca = PEM_read_bio_X509(ca_bio, nullptr, nullptr, nullptr);
  BIO_free(ca_bio);
  auto key_bio = BIO_new_file((dir + "/ca.key").c_str(), "r");
  EVP_PKEY* ca_key = PEM_read_bio_PrivateKey(key_bio, nullptr, nullptr, nullptr);
  BIO_free(key_bio);
  if (!ca || !ca_key) throw std::runtime_error("cannot load the test CA");
  EVP_PKEY* key = EVP_EC_gen("P-256");
  X509* x = X509_new();
  X509_set_version(x, 2);
  ASN1_INTEGER_set(X509_get_serialNumber(x),
                   static_cast<long>(std::random_device{}() & 0x7fffffff));
  X509_gmtime_adj(X509_getm_notBefore(x), not_before);
  X509_gmtime_adj(X509_getm_notAfter(x), not_after);
  X509_set_pubkey(x, key);
  X509_NAME* name = X509_NAME_new();
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>(cn.c_str()), -1, -1, 0);
  X509_set_subject_name(x, name);
  X509_NAME_free(name);
  X509_set_issuer_name(x, X509_get_subject_name(ca));
  X509V3_CTX ctx;
  X509V3_set_ctx(&ctx, ca, x, nullptr, nullptr, 0);
  X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, NID_ext_key_usage, eku);
  X509_add_ext(x, ext, -1);
  X509_EXTENSION_free(ext);
  X509_sign(x, ca_key, EVP_sha256());
  FILE* f = std::fopen((dir + "/" + base + ".pem").c_str(), "w");
  PEM_write_X509(f, x);
  std::fclose(f);
  f = std::fopen((dir + "/" + base + ".key").c_str(), "w");
  PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr);
  std::fclose(f);
  X509_free(x);
  X509_free(ca);
  EVP_PKEY_free(key);
  EVP_PKEY_free(ca_key);
}

// The deployment (dir/) and a rogue one (dir/rogue/), created once per run.
struct Pki {
  std::string dir, rogue;
  static const Pki& get() {
    static const Pki pki;  // built in place: the destructor removes the directory at exit
    return pki;
  }
  Pki() {
    char tmpl[] = "/tmp/mai-transport-test-XXXXXX";
    if (!::mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    dir = tmpl;
    rogue = dir + "/rogue";
    std::string tool = source_dir() + "/tools/make-certs.sh";
    std::string cmd = tool + " " + dir + " --client alice --worker w1 2>/dev/null && " + tool +
                      " " + rogue + " --client mallory 2>/dev/null";
    if (std::system(cmd.c_str()) != 0) throw std::runtime_error("make-certs.sh failed: " + cmd);
    make_leaf(dir, "expired", "old", -3 * 86400, -86400, "clientAuth");
    make_leaf(dir, "future", "new", 86400, 3 * 86400, "clientAuth");
    // Trusts both CAs: lets the rogue client accept our server while
    // presenting a certificate from the other CA.
    write_file(dir + "/both-cas.pem", read_whole(dir + "/ca.pem") + read_whole(rogue + "/ca.pem"));
  }
  Pki(const Pki&) = delete;
  Pki& operator=(const Pki&) = delete;
  ~Pki() {
    std::error_code ec;
    if (!dir.empty()) fs::remove_all(dir, ec);
  }
  TlsFiles server() const { return {dir + "/server.pem", dir + "/server.key", dir + "/ca.pem"}; }
  TlsFiles client(const std::string& name = "alice") const {
    return {dir + "/" + name + ".pem", dir + "/" + name + ".key", dir + "/ca.pem"};
  }
  TlsFiles rogue_client() const {  // other CA's cert, but trusts our server
    return {rogue + "/mallory.pem", rogue + "/mallory.key", dir + "/both-cas.pem"};
  }
  TlsFiles rogue_server() const {
    return {rogue + "/server.pem", rogue + "/server.key", rogue + "/ca.pem"};
  }
};

inline int listen_loopback(uint16_t& port, int backlog = 128) {
  int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(s, backlog) != 0)
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
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(s);
    return -1;
  }
  return s;
}

inline void set_timeouts(int fd, std::chrono::milliseconds t) {
  timeval tv{static_cast<time_t>(t.count() / 1000),
             static_cast<suseconds_t>((t.count() % 1000) * 1000)};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

inline bool send_all(int fd, const void* p, size_t n) {
  auto* c = static_cast<const char*>(p);
  while (n > 0) {
    ssize_t r = ::send(fd, c, n, MSG_NOSIGNAL);
    if (r <= 0) return false;
    c += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}

inline bool recv_all(int fd, void* p, size_t n) {
  auto* c = static_cast<char*>(p);
  while (n > 0) {
    ssize_t r = ::recv(fd, c, n, 0);
    if (r <= 0) return false;
    c += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}

// Reads until EOF, error or timeout; returns what arrived. `closed` says
// whether the peer closed (EOF or reset) within the timeout.
inline std::string read_until_close(int fd, std::chrono::milliseconds timeout,
                                    bool* closed = nullptr) {
  std::string out;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  if (closed) *closed = false;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return out;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return out;
    char buf[4096];
    ssize_t r = ::recv(fd, buf, sizeof buf, 0);
    if (r <= 0) {
      if (closed) *closed = true;
      return out;
    }
    out.append(buf, static_cast<size_t>(r));
  }
}

inline std::string random_bytes(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::string s(n, '\0');
  for (auto& c : s) c = static_cast<char>(rng());
  return s;
}

// BASP as our nodes speak it (transport/basp.hpp): the service's node and
// published actor, a peer's node, and frames a well-behaved peer sends.
inline const std::string& service_node() {
  static const std::string n = basp::encode_node_id(4242, std::string(20, 'S'));
  return n;
}
inline const std::string& peer_node() {
  static const std::string n = basp::encode_node_id(777, std::string(20, 'P'));
  return n;
}
inline constexpr uint64_t kDoorActor = 13;
inline constexpr uint64_t kAsync = 0x1000000000000000ull;  // normal category, no request

inline std::string frame(uint8_t op, uint8_t flags, uint64_t mid, uint64_t src, uint64_t dst,
                         const std::string& payload) {
  basp::Header h;
  h.operation = op;
  h.flags = flags;
  h.operation_data = mid;
  h.source_actor = src;
  h.dest_actor = dst;
  return basp::encode_frame(h, payload);
}

// What CAF's server sends first: node, app ids, published actor, interface.
inline std::string server_handshake() {
  return frame(0, 0, 3, 0, 0,
               service_node() + basp::encode_length(1) + basp::encode_string("generic-caf-app") +
                   basp::encode_u64(kDoorActor) + basp::encode_length(0));
}

// What CAF's client sends first: its node id, then again with "select connection".
inline std::string client_handshakes(const std::string& node = peer_node()) {
  return frame(1, 0, 0, 0, 0, node) + frame(1, 2, 0, 0, 0, node);
}

// An asynchronous message of `size` payload bytes (at least 12) to the door.
inline std::string door_message(uint32_t size, unsigned seed) {
  std::string payload = basp::encode_message("@<>+@str", "");
  payload += random_bytes(size - std::min<size_t>(size, payload.size()), seed);
  return frame(2, 0, kAsync, 7, kDoorActor, payload);
}

// A header announcing a door message of `len` payload bytes (no payload).
inline std::string door_header(uint32_t len) {
  basp::Header h;
  h.operation = 2;
  h.operation_data = kAsync;
  h.source_actor = 7;
  h.dest_actor = kDoorActor;
  h.payload_len = len;
  return basp::encode_header(h);
}


// Stands in for the CAF listener: accepts on 127.0.0.1, admits only
// connections the PortGate knows, sends a server handshake as CAF does, and
// echoes what it receives.
class EchoBackend {
 public:
  explicit EchoBackend(std::shared_ptr<PortGate> gate) : gate_(std::move(gate)) {
    fd_ = listen_loopback(port_);
    thread_ = std::thread([this] { run(); });
  }
  ~EchoBackend() {
    stop_ = true;
    thread_.join();
    ::close(fd_);
    for (auto& t : workers_) t.join();
  }
  uint16_t port() const { return port_; }
  int strangers() const { return strangers_.load(); }
  std::vector<std::string> tokens() {
    std::lock_guard<std::mutex> lock(mu_);
    return tokens_;
  }
  int finished() const { return finished_.load(); }

 private:
  void run() {
    while (!stop_) {
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      sockaddr_in a{};
      socklen_t len = sizeof a;
      int c = ::accept4(fd_, reinterpret_cast<sockaddr*>(&a), &len, SOCK_CLOEXEC);
      if (c < 0) continue;
      auto token = gate_->claim(ntohs(a.sin_port));
      if (!token) {
        ++strangers_;
        ::close(c);
        continue;
      }
      {
        std::lock_guard<std::mutex> lock(mu_);
        tokens_.push_back(*token);
      }
      workers_.emplace_back([this, c] {
        std::string hs = server_handshake();
        send_all(c, hs.data(), hs.size());
        std::vector<char> buf(65536);
        for (;;) {
          ssize_t r = ::recv(c, buf.data(), buf.size(), 0);
          if (r <= 0) break;
          if (!send_all(c, buf.data(), static_cast<size_t>(r))) break;
        }
        ::close(c);
        ++finished_;
      });
    }
  }

  std::shared_ptr<PortGate> gate_;
  int fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> strangers_{0}, finished_{0};
  std::mutex mu_;
  std::vector<std::string> tokens_;
  std::thread thread_;
  std::vector<std::thread> workers_;
};

// A server (TLS or plain) in front of an echo backend.
struct Rig {
  std::shared_ptr<SessionRegistry> sessions = std::make_shared<SessionRegistry>();
  std::shared_ptr<PortGate> gate = std::make_shared<PortGate>();
  EchoBackend backend{gate};
  std::mutex events_mu;
  std::vector<std::string> events;
  std::unique_ptr<TunnelServer> server;

  explicit Rig(bool tls, std::function<void(TunnelServerSettings&)> tweak = {}) {
    TunnelServerSettings s;
    if (tls) s.tls = TlsContext::server(Pki::get().server());
    s.backend_port = backend.port();
    s.on_event = [this](const std::string& e) {
      std::lock_guard<std::mutex> lock(events_mu);
      events.push_back(e);
    };
    if (tweak) tweak(s);
    server = std::make_unique<TunnelServer>(std::move(s), sessions, gate);
  }
  TunnelClientSettings client(const std::string& name = "alice") const {
    TunnelClientSettings c;
    c.host = "127.0.0.1";
    c.port = server->port();
    if (!name.empty()) c.tls = TlsContext::client(Pki::get().client(name));
    return c;
  }
  // Whether an event containing `text` was reported (waits a little: the
  // event of a closed tunnel may come just after the peer saw the close).
  bool saw_event(const std::string& text);
  std::string all_events() {
    std::lock_guard<std::mutex> lock(events_mu);
    std::string out;
    for (auto& e : events) out += e + "\n";
    return out;
  }
};


// Starts a BASP session on a tunnel's local end: sends the client
// handshakes and reads back the server handshake and their echo. Afterwards
// the backend echoes exactly what is sent.
inline bool start_session(int fd, const std::string& node = peer_node()) {
  std::string hs = client_handshakes(node);
  if (!send_all(fd, hs.data(), hs.size())) return false;
  std::string expect = server_handshake() + hs;
  std::string got(expect.size(), '\0');
  return recv_all(fd, &got[0], got.size()) && got == expect;
}

// Waits (bounded) for a condition that another thread makes true.
inline bool eventually(const std::function<bool()>& cond,
                       std::chrono::milliseconds limit = 5000ms) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (cond()) return true;
    std::this_thread::sleep_for(10ms);
  }
  return cond();
}

inline bool Rig::saw_event(const std::string& text) {
  return eventually([&] { return all_events().find(text) != std::string::npos; });
}

// Blocks SIGPIPE in this thread for a raw OpenSSL write to a socket the peer
// may have closed (the library itself never raises SIGPIPE; test code does).
struct NoSigpipe {
  sigset_t set{}, old{};
  bool was_pending = false;
  NoSigpipe() {
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &set, &old);
  }
  ~NoSigpipe() {
    if (!was_pending) {
      timespec zero{0, 0};
      sigtimedwait(&set, nullptr, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
};

// A raw TLS client on a blocking socket, for attacks TunnelClient refuses to make.
struct RawTls {
  SSL_CTX* ctx = nullptr;
  SSL* ssl = nullptr;
  int fd = -1;
  RawTls(uint16_t port, const std::string& cert, const std::string& key, const std::string& ca) {
    ctx = SSL_CTX_new(TLS_client_method());
    if (!cert.empty()) {
      SSL_CTX_use_certificate_file(ctx, cert.c_str(), SSL_FILETYPE_PEM);
      SSL_CTX_use_PrivateKey_file(ctx, key.c_str(), SSL_FILETYPE_PEM);
    }
    SSL_CTX_load_verify_locations(ctx, ca.c_str(), nullptr);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
    fd = connect_loopback(port);
    set_timeouts(fd, 5000ms);
    ssl = SSL_new(ctx);
    SSL_set_fd(ssl, fd);
  }
  ~RawTls() {
    SSL_free(ssl);
    SSL_CTX_free(ctx);
    if (fd >= 0) ::close(fd);
  }
  bool handshake() {
    NoSigpipe guard;
    return SSL_connect(ssl) == 1;
  }
  bool write(const std::string& s) {
    NoSigpipe guard;
    return SSL_write(ssl, s.data(), static_cast<int>(s.size())) == static_cast<int>(s.size());
  }
  // One line (without the '\n'), or "" on close/error.
  std::string read_line() {
    NoSigpipe guard;
    std::string out;
    char ch;
    while (SSL_read(ssl, &ch, 1) == 1) {
      if (ch == '\n') return out;
      out.push_back(ch);
    }
    ERR_clear_error();
    return "";
  }
  // Everything until close or error; `error` gets the OpenSSL reason if any.
  std::string read_all(std::string* error = nullptr) {
    std::string out;
    char buf[4096];
    NoSigpipe guard;
    for (;;) {
      int r = SSL_read(ssl, buf, sizeof buf);
      if (r > 0) {
        out.append(buf, static_cast<size_t>(r));
        continue;
      }
      if (error) {
        unsigned long e = ERR_peek_last_error();
        *error = e ? ERR_reason_error_string(e) ? ERR_reason_error_string(e) : "?" : "";
      }
      ERR_clear_error();
      return out;
    }
  }
};

}  // namespace mai::transport::test
