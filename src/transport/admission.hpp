// Who may hold a connection that has not authenticated yet, and whom to
// evict for a newcomer (internal; docs/remote.md, "Limits and hostile peers").
//
// A connection before its TLS handshake and hello costs the server a socket
// and a little memory and proves nothing, so such connections are capped per
// source and in total, and a newcomer is never turned away: at a source's cap
// that source's oldest connection makes room; at the total cap the oldest
// connection of the source holding the most does. Sources that flood can only
// push out their own connections (or, at the total cap, those of the biggest
// flooder), so a client that opens one connection gets its handshake done.
// When every source holds one connection this is plain oldest-first.
#pragma once
#include <netinet/in.h>

#include <cstddef>
#include <cstdint>
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
  PreAuthPool(size_t max_total, size_t max_per_source)
      : max_total_(max_total), max_per_source_(max_per_source) {}

  // Adds connection `id` (ids grow with arrival) from `source`. Returns the
  // connection to evict to make room, if any (already removed from the pool).
  std::optional<uint64_t> admit(uint64_t id, const std::string& source);
  // The connection authenticated, was refused or closed.
  void remove(uint64_t id);
  // The oldest connection of all (removed from the pool), to free a socket
  // when the process is out of file descriptors.
  std::optional<uint64_t> evict_oldest();

  size_t size() const { return source_of_.size(); }
  size_t count(const std::string& source) const;
  // Why the last admit() evicted: "N from SOURCE" or "N in total".
  const std::string& last_reason() const { return reason_; }

 private:
  uint64_t take_oldest(const std::string& source);

  size_t max_total_, max_per_source_;
  std::map<std::string, std::set<uint64_t>> by_source_;
  std::unordered_map<uint64_t, std::string> source_of_;
  std::string reason_;
};

}  // namespace mai::transport
