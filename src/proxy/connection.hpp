// One client connection to the proxy, as a state machine driven by the
// server's poll loop: read the request head, decide, resolve, connect, then
// either relay one plain GET/HEAD or open a TLS tunnel whose ClientHello must
// name the CONNECT host. It never blocks; every phase has a deadline.
#pragma once
#include <poll.h>
#include <sys/socket.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "config/network_config.hpp"
#include "model/execution.hpp"
#include "proxy/allowlist.hpp"
#include "proxy/http_request.hpp"
#include "proxy/relay.hpp"
#include "proxy/request_policy.hpp"
#include "proxy/resolver.hpp"

namespace mai::proxy {

using Clock = std::chrono::steady_clock;

struct Context {
  const config::NetworkConfig& cfg;
  const Allowlist& allowlist;
  Resolver& resolver;
  RunBudgets& budgets;
};

class Connection {
 public:
  Connection(uint64_t id, int client_fd, Context& ctx, Clock::time_point now);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Refuses at once (caps): the response is written, then the connection closes.
  void refuse_now(int status, const std::string& reason, Clock::time_point now);

  // The poll entries it wants: client first, then the upstream if any.
  void want(std::vector<pollfd>& fds) const;
  // `client` and `upstream` are the revents of those entries (0 if none).
  void on_events(short client, short upstream, Clock::time_point now);
  void on_resolved(const Resolution& r, Clock::time_point now);
  void on_tick(Clock::time_point now);
  // The run ends: whatever is open is closed now.
  void shut_down(const std::string& why);

  Clock::time_point deadline() const { return deadline_; }
  bool done() const { return phase_ == Phase::done; }
  uint64_t id() const { return id_; }
  bool has_event() const { return decided_; }
  const NetworkEvent& event() const { return event_; }

 private:
  enum class Phase { head, resolving, connecting, hello, relay, refusing, lingering, done };

  void read_head(Clock::time_point now);
  void start_connect(Clock::time_point now);
  void on_connected(Clock::time_point now);
  void read_hello(Clock::time_point now);
  void pump(short client, short upstream, Clock::time_point now);
  void refuse(int status, const std::string& reason, Clock::time_point now);
  void decide(std::string decision, std::string reason);
  void finish(std::string decision, std::string reason);
  void close_all();

  uint64_t id_;
  Context& ctx_;
  int client_ = -1, upstream_ = -1;
  Phase phase_ = Phase::head;
  Clock::time_point started_, deadline_, last_io_;

  std::string in_;        // client bytes not yet passed on (head, ClientHello)
  size_t scanned_ = 0;
  RequestHead head_;
  Target target_;
  std::vector<sockaddr_storage> addresses_;
  size_t next_address_ = 0;
  std::string connect_error_;

  Outbox to_client_, to_upstream_;
  std::string response_;  // GET: the upstream's response head, until complete
  bool response_head_done_ = false;
  bool client_eof_ = false, upstream_eof_ = false, upstream_shut_ = false, client_shut_ = false;
  uint64_t tunnel_up_ = 0;  // budgeted bytes of this tunnel

  NetworkEvent event_;
  bool decided_ = false;
};

}  // namespace mai::proxy
