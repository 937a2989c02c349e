#include "transport/admission.hpp"

#include <arpa/inet.h>

#include <cstring>

namespace mai::transport {

std::string source_of(const sockaddr_storage& addr) {
  char text[INET6_ADDRSTRLEN] = "?";
  if (addr.ss_family == AF_INET) {
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&addr)->sin_addr, text, sizeof text);
    return text;
  }
  if (addr.ss_family == AF_INET6) {
    in6_addr a = reinterpret_cast<const sockaddr_in6*>(&addr)->sin6_addr;
    if (IN6_IS_ADDR_V4MAPPED(&a)) {
      ::inet_ntop(AF_INET, &a.s6_addr[12], text, sizeof text);
      return text;
    }
    std::memset(&a.s6_addr[8], 0, 8);
    ::inet_ntop(AF_INET6, &a, text, sizeof text);
    return std::string(text) + "/64";
  }
  return "?";
}

uint64_t PreAuthPool::take_oldest(const std::string& source) {
  auto it = by_source_.find(source);
  uint64_t victim = *it->second.begin();
  it->second.erase(it->second.begin());
  if (it->second.empty()) by_source_.erase(it);
  source_of_.erase(victim);
  return victim;
}

std::optional<uint64_t> PreAuthPool::admit(uint64_t id, const std::string& source) {
  std::optional<uint64_t> victim;
  if (count(source) >= max_per_source_) {
    reason_ = std::to_string(max_per_source_) + " from " + source;
    victim = take_oldest(source);
  } else if (size() >= max_total_ && !by_source_.empty()) {
    // The source holding the most; among equals, the one with the oldest connection.
    auto heaviest = by_source_.begin();
    for (auto it = by_source_.begin(); it != by_source_.end(); ++it) {
      size_t a = it->second.size(), b = heaviest->second.size();
      if (a > b || (a == b && *it->second.begin() < *heaviest->second.begin())) heaviest = it;
    }
    reason_ = std::to_string(max_total_) + " in total";
    victim = take_oldest(heaviest->first);
  }
  by_source_[source].insert(id);
  source_of_[id] = source;
  return victim;
}

void PreAuthPool::remove(uint64_t id) {
  auto it = source_of_.find(id);
  if (it == source_of_.end()) return;
  auto s = by_source_.find(it->second);
  s->second.erase(id);
  if (s->second.empty()) by_source_.erase(s);
  source_of_.erase(it);
}

std::optional<uint64_t> PreAuthPool::evict_oldest() {
  if (by_source_.empty()) return std::nullopt;
  auto oldest = by_source_.begin();
  for (auto it = by_source_.begin(); it != by_source_.end(); ++it)
    if (*it->second.begin() < *oldest->second.begin()) oldest = it;
  return take_oldest(oldest->first);
}

size_t PreAuthPool::count(const std::string& source) const {
  auto it = by_source_.find(source);
  return it == by_source_.end() ? 0 : it->second.size();
}

}  // namespace mai::transport
