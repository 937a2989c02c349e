#include "proxy/resolver.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cstring>
#include <thread>

#include "proxy/special_address.hpp"

namespace mai::proxy {

struct Resolver::Shared {
  std::mutex mu;
  std::vector<Resolution> done;
  size_t in_flight = 0;
  int pipe_r = -1, pipe_w = -1;
  ~Shared() {
    if (pipe_r >= 0) ::close(pipe_r);
    if (pipe_w >= 0) ::close(pipe_w);
  }
};

namespace {

void set_port(sockaddr_storage& a, uint16_t port) {
  if (a.ss_family == AF_INET) reinterpret_cast<sockaddr_in*>(&a)->sin_port = htons(port);
  if (a.ss_family == AF_INET6) reinterpret_cast<sockaddr_in6*>(&a)->sin6_port = htons(port);
}

Resolution lookup(uint64_t id, const std::string& host, uint16_t port) {
  Resolution r;
  r.id = id;
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  int rc = ::getaddrinfo(host.c_str(), nullptr, &hints, &res);
  if (rc != 0) {
    r.error = "cannot resolve " + host + ": " + ::gai_strerror(rc);
    return r;
  }
  for (addrinfo* ai = res; ai; ai = ai->ai_next) {
    if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6) continue;
    sockaddr_storage a{};
    std::memcpy(&a, ai->ai_addr, ai->ai_addrlen);
    // One special address spoils the whole answer: a mixed answer is an attack.
    if (auto why = special_address(a)) {
      r.addresses.clear();
      r.special = true;
      r.error = host + " resolves to " + address_text(a) + ", a " + *why + " address";
      break;
    }
    set_port(a, port);
    r.addresses.push_back(a);
  }
  ::freeaddrinfo(res);
  if (r.error.empty() && r.addresses.empty()) r.error = "no address for " + host;
  return r;
}

}  // namespace

std::optional<sockaddr_storage> numeric_address(const std::string& ip, uint16_t port) {
  sockaddr_storage a{};
  auto* in = reinterpret_cast<sockaddr_in*>(&a);
  auto* in6 = reinterpret_cast<sockaddr_in6*>(&a);
  if (::inet_pton(AF_INET, ip.c_str(), &in->sin_addr) == 1) {
    a.ss_family = AF_INET;
  } else if (::inet_pton(AF_INET6, ip.c_str(), &in6->sin6_addr) == 1) {
    a.ss_family = AF_INET6;
  } else {
    return std::nullopt;
  }
  set_port(a, port);
  return a;
}

Resolver::Resolver(std::map<std::string, config::ResolveOverride> overrides)
    : overrides_(std::move(overrides)), shared_(std::make_shared<Shared>()) {
  int p[2];
  if (::pipe2(p, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("resolver pipe failed");
  shared_->pipe_r = p[0];
  shared_->pipe_w = p[1];
}

Resolver::~Resolver() = default;

int Resolver::notify_fd() const { return shared_->pipe_r; }

size_t Resolver::in_flight() const {
  std::lock_guard<std::mutex> lock(shared_->mu);
  return shared_->in_flight;
}

std::optional<Resolution> Resolver::start(uint64_t id, const std::string& host, uint16_t port) {
  auto it = overrides_.find(host);
  if (it != overrides_.end()) {
    Resolution r;
    r.id = id;
    uint16_t p = it->second.port ? it->second.port : port;
    if (auto a = numeric_address(it->second.ip, p))
      r.addresses.push_back(*a);
    else
      r.error = "bad resolve override for " + host;
    return r;
  }
  {
    std::lock_guard<std::mutex> lock(shared_->mu);
    ++shared_->in_flight;
  }
  std::thread([shared = shared_, id, host, port] {
    Resolution r = lookup(id, host, port);
    std::lock_guard<std::mutex> lock(shared->mu);
    --shared->in_flight;
    shared->done.push_back(std::move(r));
    char b = 1;
    [[maybe_unused]] auto n = ::write(shared->pipe_w, &b, 1);
  }).detach();
  return std::nullopt;
}

std::vector<Resolution> Resolver::take() {
  char buf[256];
  while (::read(shared_->pipe_r, buf, sizeof buf) > 0) {
  }
  std::lock_guard<std::mutex> lock(shared_->mu);
  std::vector<Resolution> out;
  out.swap(shared_->done);
  return out;
}

}  // namespace mai::proxy
