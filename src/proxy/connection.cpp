#include "proxy/connection.hpp"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "proxy/http_forward.hpp"
#include "proxy/tls_hello.hpp"

namespace mai::proxy {

namespace {

constexpr size_t kChunk = 65536;         // one read
constexpr size_t kHighWater = 262144;    // stop reading a side while this much waits
constexpr size_t kMaxResponseHead = 65536;
constexpr auto kRefusalGrace = std::chrono::seconds(2);

std::chrono::milliseconds ms(uint64_t v) { return std::chrono::milliseconds(v); }

std::string seconds_text(uint64_t ms_value) {
  if (ms_value % 1000 == 0) return std::to_string(ms_value / 1000) + "s";
  return std::to_string(ms_value) + "ms";
}

}  // namespace

Connection::Connection(uint64_t id, int client_fd, Context& ctx, Clock::time_point now)
    : id_(id), ctx_(ctx), client_(client_fd), started_(now), last_io_(now) {
  set_nonblocking(client_);
  deadline_ = now + ms(ctx_.cfg.timeouts.header_ms);
}

Connection::~Connection() { close_all(); }

void Connection::close_all() {
  close_fd(client_);
  close_fd(upstream_);
}

void Connection::decide(std::string decision, std::string reason) {
  event_.decision = std::move(decision);
  event_.reason = std::move(reason);
  decided_ = true;
}

void Connection::finish(std::string decision, std::string reason) {
  decide(std::move(decision), std::move(reason));
  close_all();
  phase_ = Phase::done;
}

void Connection::refuse(int status, const std::string& reason, Clock::time_point now) {
  decide("deny", reason);
  close_fd(upstream_);
  to_client_ = Outbox{};
  to_client_.add(refusal_response(status, reason));
  phase_ = Phase::refusing;
  deadline_ = now + kRefusalGrace;
}

void Connection::refuse_now(int status, const std::string& reason, Clock::time_point now) {
  refuse(status, reason, now);
}

void Connection::want(std::vector<pollfd>& fds) const {
  short c = 0, u = 0;
  switch (phase_) {
    case Phase::head: c = POLLIN; break;
    case Phase::resolving: break;
    case Phase::connecting: u = POLLOUT; break;
    case Phase::hello:
      c = POLLIN;
      if (to_client_.pending()) c |= POLLOUT;
      break;
    case Phase::relay:
      if (!client_eof_ && to_upstream_.pending() < kHighWater) c |= POLLIN;
      if (to_client_.pending()) c |= POLLOUT;
      if (!upstream_eof_ && to_client_.pending() < kHighWater) u |= POLLIN;
      if (to_upstream_.pending()) u |= POLLOUT;
      break;
    case Phase::refusing: c = POLLOUT; break;
    case Phase::lingering: c = POLLIN; break;
    case Phase::done: return;
  }
  fds.push_back({client_, c, 0});
  if (upstream_ >= 0) fds.push_back({upstream_, u, 0});
}

void Connection::on_events(short client, short upstream, Clock::time_point now) {
  const short readable = POLLIN | POLLHUP | POLLERR;
  switch (phase_) {
    case Phase::head:
      if (client & readable) read_head(now);
      break;
    case Phase::resolving:
      if (client & (POLLHUP | POLLERR)) finish("deny", "the client went away during the name lookup");
      break;
    case Phase::connecting:
      if (client & (POLLHUP | POLLERR))
        return finish("deny", "the client went away while the upstream was connecting");
      if (upstream) {
        int err = 0;
        socklen_t len = sizeof err;
        ::getsockopt(upstream_, SOL_SOCKET, SO_ERROR, &err, &len);
        if (err == 0) {
          on_connected(now);
        } else {
          connect_error_ = std::strerror(err);
          close_fd(upstream_);
          start_connect(now);
        }
      }
      break;
    case Phase::hello: {
      size_t n;
      if (to_client_.pending() && write_from(client_, to_client_, n) == Io::error) {
        finish("deny", "the client went away before its ClientHello");
        return;
      }
      if (client & readable) read_hello(now);
      break;
    }
    case Phase::relay: pump(client, upstream, now); break;
    case Phase::refusing: {
      size_t n;
      Io r = write_from(client_, to_client_, n);
      if (r == Io::error) {
        close_all();
        phase_ = Phase::done;
      } else if (!to_client_.pending()) {
        // Read what the client still sends until it closes, so the refusal
        // is not lost to a reset.
        ::shutdown(client_, SHUT_WR);
        phase_ = Phase::lingering;
      }
      break;
    }
    case Phase::lingering:
      if (client & readable) {
        std::string sink;
        size_t n;
        Io r = read_into(client_, sink, kChunk, n);
        if (r == Io::eof || r == Io::error) {
          close_all();
          phase_ = Phase::done;
        }
      }
      break;
    case Phase::done: break;
  }
}

void Connection::read_head(Clock::time_point now) {
  size_t limit = ctx_.cfg.limits.header_bytes;
  size_t room = in_.size() <= limit ? limit - in_.size() + 1 : 1;
  size_t n;
  Io r = read_into(client_, in_, std::min(room, kChunk), n);
  if (r == Io::error || (r == Io::eof && in_.empty())) {
    close_all();  // nothing was asked, nothing to decide
    phase_ = Phase::done;
    return;
  }
  HeadLimits hl{limit, ctx_.cfg.limits.header_count};
  HeadResult h = parse_request_head(in_, hl, scanned_);
  if (h.status == HeadStatus::refused) return refuse(h.http_status, h.reason, now);
  if (h.status == HeadStatus::incomplete) {
    if (r == Io::eof) finish("deny", "the client closed before completing its request head");
    return;
  }
  head_ = std::move(h.head);
  in_.erase(0, head_.size);
  event_.method = head_.method;
  PolicyDecision d = decide_request(head_, ctx_.allowlist);
  target_ = d.target;
  event_.host = target_.host;
  event_.port = target_.port;
  if (!d.allowed) return refuse(d.http_status, d.reason, now);
  decide("allow", d.reason);

  if (ctx_.resolver.in_flight() >= ctx_.cfg.limits.max_connections)
    return refuse(503, "too many name lookups in flight", now);
  if (auto res = ctx_.resolver.start(id_, target_.host, target_.port)) {
    phase_ = Phase::resolving;
    on_resolved(*res, now);
    return;
  }
  phase_ = Phase::resolving;
  deadline_ = now + ms(ctx_.cfg.timeouts.resolve_ms);
}

void Connection::on_resolved(const Resolution& r, Clock::time_point now) {
  if (phase_ != Phase::resolving) return;  // timed out meanwhile
  if (!r.error.empty()) return refuse(r.special ? 403 : 502, r.error, now);
  addresses_ = r.addresses;
  next_address_ = 0;
  start_connect(now);
}

void Connection::start_connect(Clock::time_point now) {
  while (next_address_ < addresses_.size()) {
    const sockaddr_storage& a = addresses_[next_address_++];
    socklen_t len = a.ss_family == AF_INET ? sizeof(sockaddr_in) : sizeof(sockaddr_in6);
    upstream_ = ::socket(a.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (upstream_ < 0) {
      connect_error_ = std::strerror(errno);
      continue;
    }
    // Exactly the address that was checked: no second lookup.
    if (::connect(upstream_, reinterpret_cast<const sockaddr*>(&a), len) == 0)
      return on_connected(now);
    if (errno == EINPROGRESS) {
      phase_ = Phase::connecting;
      deadline_ = now + ms(ctx_.cfg.timeouts.connect_ms);
      return;
    }
    connect_error_ = std::strerror(errno);
    close_fd(upstream_);
  }
  refuse(502, "cannot connect to " + target_.host + ": " +
                  (connect_error_.empty() ? "no address" : connect_error_),
         now);
}

void Connection::on_connected(Clock::time_point now) {
  last_io_ = now;
  if (target_.tunnel) {
    to_client_.add(tunnel_established());
    phase_ = Phase::hello;
    deadline_ = now + ms(ctx_.cfg.timeouts.header_ms);
    size_t n;
    if (write_from(client_, to_client_, n) == Io::error)
      return finish("deny", "the client went away before its ClientHello");
    if (!in_.empty()) read_hello(now);  // the hello came with the CONNECT
    return;
  }
  std::string request = upstream_request(head_, target_);
  if (!ctx_.budgets.up.allows(request.size()))
    return refuse(403, "the run's upload budget is exhausted", now);
  ctx_.budgets.up.used += request.size();
  to_upstream_.add(request);
  phase_ = Phase::relay;
  pump(0, 0, now);
}

void Connection::read_hello(Clock::time_point now) {
  const auto& limits = ctx_.cfg.limits;
  const size_t cap = limits.client_hello_bytes;
  size_t n = 0;
  Io r = Io::would_block;
  // One byte past the cap, so that a larger hello is seen to be larger.
  if (in_.size() <= cap) r = read_into(client_, in_, cap + 1 - in_.size(), n);
  if (r == Io::error) return finish("deny", "the client went away before its ClientHello");
  HelloResult h = parse_client_hello(in_, cap);
  if (h.status == HelloStatus::refused) return finish("deny", h.reason + ": tunnel closed");
  if (h.status == HelloStatus::incomplete) {
    if (r == Io::eof) finish("deny", "the client closed before its ClientHello");
    return;
  }
  if (h.server_name.empty())
    return finish("deny", "the ClientHello names no server (SNI is required): tunnel closed");
  std::string sni = h.server_name;
  if (sni.back() == '.') sni.pop_back();
  if (sni != target_.host)
    return finish("deny", "TLS server name " + h.server_name + " does not match the CONNECT host " +
                              target_.host + ": tunnel closed");
  // Every byte that goes upstream is budgeted: the ClientHello and whatever followed it.
  uint64_t out = in_.size();
  if (out > limits.upload_per_tunnel)
    return finish("deny", "upload budget of " + std::to_string(limits.upload_per_tunnel) +
                              " bytes per tunnel exceeded by the ClientHello: tunnel closed");
  if (!ctx_.budgets.up.allows(out))
    return finish("deny", "upload budget of " + std::to_string(limits.upload_per_run) +
                              " bytes per run exceeded: tunnel closed");
  tunnel_up_ += out;
  ctx_.budgets.up.used += out;
  to_upstream_.add(in_);
  in_.clear();
  decide("allow", "allowlisted host; TLS server name matches");
  phase_ = Phase::relay;
  pump(0, 0, now);
}

void Connection::pump(short client, short upstream, Clock::time_point now) {
  const short readable = POLLIN | POLLHUP | POLLERR;
  const auto& limits = ctx_.cfg.limits;
  size_t n;
  std::string buf;
  if ((client & readable) && !client_eof_) {
    Io r = read_into(client_, buf, kChunk, n);
    if (r == Io::progress) {
      last_io_ = now;
      if (target_.tunnel) {
        if (tunnel_up_ + n > limits.upload_per_tunnel)
          return finish("deny", "upload budget of " + std::to_string(limits.upload_per_tunnel) +
                                    " bytes per tunnel exceeded: tunnel cut");
        if (!ctx_.budgets.up.allows(n))
          return finish("deny", "upload budget of " + std::to_string(limits.upload_per_run) +
                                    " bytes per run exceeded: tunnel cut");
        tunnel_up_ += n;
        ctx_.budgets.up.used += n;
        to_upstream_.add(buf);
      } else {
        // One request per connection and no bodies: anything more is refused.
        return finish("deny", "data after the request head (bodies and pipelining are refused)");
      }
    } else if (r == Io::eof) {
      client_eof_ = true;
      // A GET client that leaves once it has its response is done, even if
      // the upstream ignores "Connection: close" and keeps its side open.
      if (!target_.tunnel && response_head_done_ && !to_client_.pending())
        return finish(event_.decision, event_.reason);
    } else if (r == Io::error) {
      return finish(event_.decision, event_.reason + "; the client reset the connection");
    }
  }
  buf.clear();
  if ((upstream & readable) && !upstream_eof_) {
    Io r = read_into(upstream_, buf, kChunk, n);
    if (r == Io::progress) {
      last_io_ = now;
      if (event_.bytes_down + to_client_.pending() + n > limits.download_per_connection)
        return finish("deny", "download cap of " + std::to_string(limits.download_per_connection) +
                                  " bytes per connection reached: connection cut");
      if (!ctx_.budgets.down.allows(n))
        return finish("deny", "download cap of " + std::to_string(limits.download_per_run) +
                                  " bytes per run reached: connection cut");
      ctx_.budgets.down.used += n;
      if (!target_.tunnel && !response_head_done_) {
        response_ += buf;
        ResponseHead h = rewrite_response_head(response_, kMaxResponseHead);
        if (h.status == ResponseHeadStatus::invalid)
          return finish("allow", event_.reason + "; invalid response from the upstream");
        if (h.status == ResponseHeadStatus::complete) {
          to_client_.add(h.rewritten);
          to_client_.add(std::string_view(response_).substr(h.consumed));
          response_.clear();
          response_head_done_ = true;
        }
      } else {
        to_client_.add(buf);
      }
    } else if (r == Io::eof || r == Io::error) {
      // Nothing more will come; closing it also keeps a hung-up socket
      // from waking poll() on every turn while the client drains.
      upstream_eof_ = true;
      close_fd(upstream_);
      to_upstream_ = Outbox{};
    }
  }
  // A client that has sent EOF and then reports an error or hang-up is gone.
  if (client_eof_ && (client & (POLLHUP | POLLERR)))
    return finish(event_.decision, event_.reason + "; the client went away");
  if (to_upstream_.pending() && upstream_ >= 0) {
    Io r = write_from(upstream_, to_upstream_, n);
    event_.bytes_up += n;
    if (r == Io::error) return finish(event_.decision, event_.reason + "; upstream reset");
  }
  if (to_client_.pending()) {
    Io r = write_from(client_, to_client_, n);
    event_.bytes_down += n;
    if (r == Io::error) return finish(event_.decision, event_.reason);
  }
  if (client_eof_ && !to_upstream_.pending() && !upstream_shut_ && target_.tunnel &&
      upstream_ >= 0) {
    ::shutdown(upstream_, SHUT_WR);  // pass the half-close on
    upstream_shut_ = true;
  }
  if (upstream_eof_ && !to_client_.pending()) {
    if (!target_.tunnel && !response_head_done_)
      return finish("allow", event_.reason + "; the upstream closed without a response");
    return finish(event_.decision, event_.reason);
  }
  deadline_ = std::min(last_io_ + ms(ctx_.cfg.timeouts.idle_ms),
                       started_ + ms(ctx_.cfg.timeouts.total_ms));
}

void Connection::on_tick(Clock::time_point now) {
  if (now < deadline_ || phase_ == Phase::done) return;
  const auto& t = ctx_.cfg.timeouts;
  switch (phase_) {
    case Phase::head:
      return refuse(408, "request head not complete within " + seconds_text(t.header_ms), now);
    case Phase::resolving:
      return refuse(504, "name lookup of " + target_.host + " timed out", now);
    case Phase::connecting:
      connect_error_ = "timed out";
      close_fd(upstream_);
      return start_connect(now);
    case Phase::hello:
      return finish("deny", "no TLS ClientHello within " + seconds_text(t.header_ms));
    case Phase::relay:
      if (now >= started_ + ms(t.total_ms))
        return finish(event_.decision,
                      event_.reason + "; cut at the connection time limit of " +
                          seconds_text(t.total_ms));
      return finish(event_.decision,
                    event_.reason + "; closed after " + seconds_text(t.idle_ms) + " idle");
    case Phase::refusing:
    case Phase::lingering:
      close_all();
      phase_ = Phase::done;
      return;
    case Phase::done: return;
  }
}

void Connection::shut_down(const std::string& why) {
  if (phase_ == Phase::done) return;
  if (phase_ == Phase::head && in_.empty()) {
    close_all();
    phase_ = Phase::done;
    return;
  }
  if (!decided_) return finish("deny", why);
  if (phase_ == Phase::refusing || phase_ == Phase::lingering) {
    close_all();
    phase_ = Phase::done;
    return;
  }
  finish(event_.decision, event_.reason + "; " + why);
}

}  // namespace mai::proxy
