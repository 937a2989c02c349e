#include "proxy/server.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <map>
#include <memory>
#include <stdexcept>

#include "proxy/allowlist.hpp"
#include "proxy/connection.hpp"
#include "proxy/relay.hpp"
#include "proxy/resolver.hpp"

namespace mai::proxy {

namespace {

constexpr int kAcceptBurst = 64;  // accepts per loop turn: the others get their turn too
// Out of descriptors: accepting waits this long instead of spinning on a
// listener that stays readable.
constexpr auto kAcceptPause = std::chrono::milliseconds(100);

}  // namespace

Server::Server(config::NetworkConfig cfg, int listener_fd, EventSink sink)
    : cfg_(std::move(cfg)), listener_(listener_fd), sink_(std::move(sink)) {
  int p[2];
  if (::pipe2(p, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("proxy wake pipe failed");
  wake_r_ = p[0];
  wake_w_ = p[1];
  set_nonblocking(listener_);
}

Server::~Server() {
  close_fd(listener_);
  close_fd(wake_r_);
  close_fd(wake_w_);
}

void Server::stop() {
  stopping_ = true;
  char b = 1;
  [[maybe_unused]] auto n = ::write(wake_w_, &b, 1);
}

std::vector<NetworkEvent> Server::events() const {
  std::lock_guard<std::mutex> lock(mu_);
  return events_;
}

void Server::record(const NetworkEvent& e) {
  // A run that hammers the proxy gets its first max_requests decisions
  // itemised; the connection cap bounds the rest anyway.
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (events_.size() >= cfg_.limits.max_requests + 1) {
      ++unrecorded_;
      return;
    }
    events_.push_back(e);
  }
  if (sink_) sink_(e);
}

void Server::run() {
  Allowlist allowlist(cfg_.allow);
  Resolver resolver(cfg_.resolve);
  RunBudgets budgets;
  budgets.up.limit = cfg_.limits.upload_per_run;
  budgets.down.limit = cfg_.limits.download_per_run;
  Context ctx{cfg_, allowlist, resolver, budgets};
  std::map<uint64_t, std::unique_ptr<Connection>> conns;
  uint64_t next_id = 1, accepted = 0;
  bool cap_reported = false;
  // A connection refused at a cap still holds a socket for its grace period,
  // as long as the client keeps its end open. Past this many held at once,
  // new connections wait in the listen backlog (the kernel's, in the
  // sandbox's namespace) instead: a sandbox holding thousands of connections
  // open took every descriptor of the process that runs the proxy, which is
  // also the one that writes the audit log (the run ended as audit_failed).
  const size_t hold_cap = 2 * std::max<size_t>(cfg_.limits.max_connections, 1);
  Clock::time_point accept_paused_until{};
  std::vector<pollfd> fds;
  std::vector<std::pair<Connection*, size_t>> slots;  // connection, index of its first entry

  while (!stopping_) {
    auto now = Clock::now();
    fds.clear();
    slots.clear();
    fds.push_back({wake_r_, POLLIN, 0});
    fds.push_back({resolver.notify_fd(), POLLIN, 0});
    bool accepting = conns.size() < hold_cap && now >= accept_paused_until;
    fds.push_back({accepting ? listener_ : -1, POLLIN, 0});
    auto next = now + std::chrono::hours(1);
    if (now < accept_paused_until) next = accept_paused_until;
    for (auto& [id, c] : conns) {
      slots.emplace_back(c.get(), fds.size());
      c->want(fds);
      next = std::min(next, c->deadline());
    }
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count();
    int timeout = static_cast<int>(std::clamp<int64_t>(wait + 1, 0, 60000));
    int n = ::poll(fds.data(), fds.size(), timeout);
    if (n < 0 && errno != EINTR) break;
    now = Clock::now();
    if (stopping_) break;

    if (fds[1].revents)
      for (const Resolution& r : resolver.take()) {
        auto it = conns.find(r.id);
        if (it != conns.end()) it->second->on_resolved(r, now);
      }
    for (size_t i = 0; i < slots.size(); ++i) {
      Connection* c = slots[i].first;
      size_t at = slots[i].second;
      size_t end = i + 1 < slots.size() ? slots[i + 1].second : fds.size();
      short client = at < end ? fds[at].revents : 0;
      short upstream = at + 1 < end ? fds[at + 1].revents : 0;
      if (client || upstream) c->on_events(client, upstream, now);
    }
    if (fds[2].revents & POLLIN) {
      for (int k = 0; k < kAcceptBurst && conns.size() < hold_cap; ++k) {
        int fd = ::accept4(listener_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
          if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
            accept_paused_until = now + kAcceptPause;
          break;
        }
        accepted_ = ++accepted;
        auto c = std::make_unique<Connection>(next_id, fd, ctx, now);
        if (accepted > cfg_.limits.max_requests) {
          // Past the run's request cap: refused without an event each.
          if (!cap_reported) {
            cap_reported = true;
            NetworkEvent e{"deny", "", "", 0,
                           "request cap of " + std::to_string(cfg_.limits.max_requests) +
                               " connections per run reached; further connections refused",
                           0, 0};
            record(e);
          }
          c->refuse_now(503, "request cap of the run reached", now);
          conns.emplace(next_id++, std::move(c));
          continue;
        }
        if (conns.size() >= cfg_.limits.max_connections)
          c->refuse_now(503, "connection cap of " + std::to_string(cfg_.limits.max_connections) +
                                 " open connections per run reached",
                        now);
        conns.emplace(next_id++, std::move(c));
      }
      peak_held_ = std::max(peak_held_.load(), conns.size());
    }
    for (auto it = conns.begin(); it != conns.end();) {
      it->second->on_tick(now);
      if (it->second->done()) {
        if (it->second->has_event() && !(cap_reported && it->second->event().reason ==
                                                             "request cap of the run reached"))
          record(it->second->event());
        it = conns.erase(it);
      } else {
        ++it;
      }
    }
  }
  for (auto& [id, c] : conns) {
    c->shut_down("the run ended");
    if (c->has_event()) record(c->event());
  }
  conns.clear();
}

}  // namespace mai::proxy
