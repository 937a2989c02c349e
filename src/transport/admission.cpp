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

uint64_t PreAuthPool::take(Stage stage, const std::string& source) {
  auto it = by_source_[stage].find(source);
  uint64_t victim = *it->second.begin();
  it->second.erase(it->second.begin());
  if (it->second.empty()) by_source_[stage].erase(it);
  where_.erase(victim);
  return victim;
}

std::optional<uint64_t> PreAuthPool::take_heaviest(Stage stage) {
  const BySource& m = by_source_[stage];
  if (m.empty()) return std::nullopt;
  // The source holding the most; among equals, the one with the oldest connection.
  auto heaviest = m.begin();
  for (auto it = m.begin(); it != m.end(); ++it) {
    size_t a = it->second.size(), b = heaviest->second.size();
    if (a > b || (a == b && *it->second.begin() < *heaviest->second.begin())) heaviest = it;
  }
  return take(stage, heaviest->first);
}

// The oldest silent connection of `source` (all sources: the source holding
// the most silent ones) that really is silent; those with input waiting
// become talking on the way. Each connection is looked at once per lifetime
// in the worst case, so a flood costs one check per eviction on average.
std::optional<uint64_t> PreAuthPool::take_silent(const std::string& source) {
  for (;;) {
    const BySource& m = by_source_[silent];
    auto it = m.end();
    if (!source.empty()) {
      it = m.find(source);
    } else {
      for (auto i = m.begin(); i != m.end(); ++i)
        if (it == m.end() || i->second.size() > it->second.size() ||
            (i->second.size() == it->second.size() && *i->second.begin() < *it->second.begin()))
          it = i;
    }
    if (it == m.end()) return std::nullopt;
    uint64_t candidate = *it->second.begin();
    if (has_input_ && has_input_(candidate)) {
      talking(candidate);
      continue;
    }
    return take(silent, it->first);
  }
}

std::optional<uint64_t> PreAuthPool::admit(uint64_t id, const std::string& source) {
  std::optional<uint64_t> victim;
  if (count(source) >= max_per_source_) {
    reason_ = std::to_string(max_per_source_) + " from " + source;
    victim = take_silent(source);
    if (!victim) victim = take(talking_stage, source);
  } else if (size() >= max_total_) {
    reason_ = std::to_string(max_total_) + " in total";
    victim = take_silent("");
    if (!victim) victim = take_heaviest(talking_stage);
  }
  by_source_[silent][source].insert(id);
  where_[id] = {source, silent};
  return victim;
}

void PreAuthPool::talking(uint64_t id) {
  auto it = where_.find(id);
  if (it == where_.end() || it->second.second == talking_stage) return;
  const std::string source = it->second.first;
  remove(id);
  by_source_[talking_stage][source].insert(id);
  where_[id] = {source, talking_stage};
}

void PreAuthPool::remove(uint64_t id) {
  auto it = where_.find(id);
  if (it == where_.end()) return;
  auto& m = by_source_[it->second.second];
  auto s = m.find(it->second.first);
  s->second.erase(id);
  if (s->second.empty()) m.erase(s);
  where_.erase(it);
}

std::optional<uint64_t> PreAuthPool::evict_oldest() {
  for (Stage stage : {silent, talking_stage}) {
    const BySource& m = by_source_[stage];
    if (m.empty()) continue;
    auto oldest = m.begin();
    for (auto it = m.begin(); it != m.end(); ++it)
      if (*it->second.begin() < *oldest->second.begin()) oldest = it;
    return take(stage, oldest->first);
  }
  return std::nullopt;
}

size_t PreAuthPool::count(const std::string& source) const {
  size_t n = 0;
  for (const auto& m : by_source_) {
    auto it = m.find(source);
    if (it != m.end()) n += it->second.size();
  }
  return n;
}

}  // namespace mai::transport
