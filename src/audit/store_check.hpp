// The verifier's check of the database beyond the chain of records: every
// index entry (by request, time, type) belongs to exactly one record and
// every record has its entries; delivery marks cover what was delivered;
// nothing is stored outside the log's keys. Damage anywhere in the database
// (a flipped bit in any table file) thus shows, named by the first record it
// touches.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "audit/record.hpp"

namespace mai::audit {

class Store;

// An order-independent digest of index entries: the lane-wise sum of the
// SHA-256 of each key. The records' expected entries and the stored ones
// must sum alike.
struct IndexDigest {
  std::array<uint64_t, 4> sum{};
  uint64_t count = 0;

  static IndexDigest of(const Record& r);  // its index keys (store_keys::index_keys)
  void add(std::string_view key);
  IndexDigest& operator+=(const IndexDigest& o);
  bool operator==(const IndexDigest& o) const { return sum == o.sum && count == o.count; }
  bool operator!=(const IndexDigest& o) const { return !(*this == o); }
};

struct StoreProblem {
  std::optional<uint64_t> seq;
  std::string reason;
};

// `expected`: the digest of the index entries of records [first, end), all
// verified; `delivered`: per worker-spool origin, the highest spool seq
// recorded and its record.
std::optional<StoreProblem> check_store(const Store& store, const IndexDigest& expected,
                                        const std::map<std::string, std::pair<uint64_t, uint64_t>>& delivered,
                                        uint64_t first, uint64_t end);

// The record a stored key belongs to (a record, its index entry, a tree head
// over it): to name the first record of a damaged table file.
std::optional<uint64_t> first_record_at(const Store& store, const std::optional<std::string>& key);

}  // namespace mai::audit
