// Who may hold a connection that has not authenticated yet, and whom to
// evict for a newcomer (internal; docs/remote.md, "Limits and hostile peers").
//
// A connection before authentication costs the server a socket and proves
// nothing, so such connections are capped per source and in total, and a
// newcomer is never turned away: an older one makes room. Which one:
//   - a silent connection (no byte received) before one that is talking: an
//     idle flood can never push out a client that is doing its handshake.
//     Whether a silent one has sent something the server has not read yet
//     (a client's ClientHello waiting in the socket while the server is busy)
//     is asked before it is evicted (`has_input`);
//   - at a source's cap, that source's oldest (silent first);
//   - at the total cap, the oldest of the source holding the most (silent
//     connections first, counted among silent ones).
// Sources that flood push out their own connections, or at the total cap
// those of the biggest flooder. When every source holds one connection of
// the same kind this is plain oldest-first. A connection leaves the pool when
// it authenticates (TLS verified its certificate; plain TCP: its hello).
#pragma once
#include <netinet/in.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace mai::transport {

// The source a connection is counted against: the IPv4 address (also when
// IPv4-mapped into IPv6), or the /64 prefix of an IPv6 address (one host or
// site usually holds a whole /64).
std::string source_of(const sockaddr_storage& addr);

class PreAuthPool {
 public:
  // has_input(id): whether connection `id` has bytes waiting to be read (it
  // is then talking, not silent); may be empty.
  PreAuthPool(size_t max_total, size_t max_per_source,
              std::function<bool(uint64_t)> has_input = {})
      : max_total_(max_total), max_per_source_(max_per_source), has_input_(std::move(has_input)) {}

  // Adds silent connection `id` (ids grow with arrival) from `source`.
  // Returns the connection to evict to make room, if any (already removed).
  std::optional<uint64_t> admit(uint64_t id, const std::string& source);
  // The connection's first bytes arrived: it is talking now.
  void talking(uint64_t id);
  // The connection authenticated, was refused or closed.
  void remove(uint64_t id);
  // The oldest connection (silent first; removed from the pool), to free a
  // socket when the process is out of file descriptors.
  std::optional<uint64_t> evict_oldest();

  size_t size() const { return where_.size(); }
  size_t count(const std::string& source) const;
  // Why the last admit() evicted: "16 from 127.0.0.2" or "1024 in total".
  const std::string& last_reason() const { return reason_; }

 private:
  enum Stage { silent = 0, talking_stage = 1 };
  using BySource = std::map<std::string, std::set<uint64_t>>;
  uint64_t take(Stage stage, const std::string& source);
  std::optional<uint64_t> take_heaviest(Stage stage);
  std::optional<uint64_t> take_silent(const std::string& source);

  size_t max_total_, max_per_source_;
  std::function<bool(uint64_t)> has_input_;
  BySource by_source_[2];
  std::unordered_map<uint64_t, std::pair<std::string, Stage>> where_;
  std::string reason_;
};

}  // namespace mai::transport
