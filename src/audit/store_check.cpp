#include "audit/store_check.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "audit/error.hpp"
#include "audit/store.hpp"
#include "common/encoding.hpp"
#include "common/sha256.hpp"

namespace mai::audit {

namespace {

using namespace store_keys;

const std::string_view kIndexes[] = {kByRequest, kByType};

std::string rec(uint64_t seq) { return "record " + std::to_string(seq); }

// The seq an index key (with or without its prefix) names: its last 8 bytes.
std::optional<uint64_t> index_seq(std::string_view k) {
  if (k.size() < 8) return std::nullopt;
  return read_be64(k.substr(k.size() - 8));
}

// Where index entries and records disagree: the first record whose entry is
// missing, else the first record an extra entry names. Reads everything again.
std::optional<StoreProblem> locate_index_damage(const Store& store, uint64_t first, uint64_t end,
                                                const std::string& read_error) {
  std::set<std::string> stored;
  std::string error = read_error;
  for (auto kind : kIndexes) {
    try {
      store.scan(kind, "", [&](std::string_view k, std::string_view) {
        stored.insert(std::string(kind) + std::string(k));
        return true;
      });
    } catch (const AuditError& e) {
      error = e.what();
    }
  }
  std::optional<StoreProblem> missing;
  try {
    store.scan_records(first, [&](std::string_view k, std::string_view v) {
      if (k.size() != 8 || read_be64(k) >= end) return false;
      Record r = Record::decode(v);  // verified already
      for (const auto& key : index_keys(r)) {
        auto it = stored.find(key);
        if (it != stored.end()) {
          stored.erase(it);
          continue;
        }
        missing = StoreProblem{r.seq, rec(r.seq) + "'s index entry (" + key.substr(0, key.find('/') + 1) +
                                          ") is missing or damaged" + (error.empty() ? "" : ": " + error)};
        return false;
      }
      return true;
    });
  } catch (const AuditError& e) {
    return StoreProblem{std::nullopt, std::string("the records cannot be read again: ") + e.what()};
  }
  if (missing) return missing;
  std::optional<uint64_t> extra;
  for (const auto& key : stored) {
    auto seq = index_seq(key);
    if (seq && (!extra || *seq < *extra)) extra = seq;
  }
  if (extra)
    return StoreProblem{extra, "an index entry names " + rec(*extra) +
                                   " with a request, time or type that is not the record's (added or altered)"};
  if (!error.empty()) return StoreProblem{std::nullopt, "the log's indexes cannot be read: " + error};
  return std::nullopt;
}

std::optional<StoreProblem> check_meta(const Store& store,
                                       const std::map<std::string, std::pair<uint64_t, uint64_t>>& delivered) {
  std::map<std::string, uint64_t> marks;
  std::optional<StoreProblem> problem;
  const std::string delivered_prefix = std::string("delivered") + '\0';
  try {
    store.scan(kMeta, "", [&](std::string_view k, std::string_view v) {
      if (k == "format" || k == "head" || k == "checkpoint") return true;
      if (k.substr(0, delivered_prefix.size()) == delivered_prefix && v.size() == 8) {
        marks[std::string(k.substr(delivered_prefix.size()))] = read_be64(v);
        return true;
      }
      problem = StoreProblem{std::nullopt, "the log's metadata holds an unexpected entry (" + to_hex(std::string(k)) + ")"};
      return false;
    });
  } catch (const AuditError& e) {
    return StoreProblem{std::nullopt, std::string("the log's metadata cannot be read: ") + e.what()};
  }
  if (problem) return problem;
  for (const auto& [origin, top] : delivered) {
    auto it = marks.find(origin);
    uint64_t mark = it == marks.end() ? 0 : it->second;
    if (mark < top.first)
      return StoreProblem{top.second, rec(top.second) + " was delivered from worker spool " + origin + " (spool seq " +
                                          std::to_string(top.first) + "), but the log's delivery mark for it is " +
                                          std::to_string(mark) + " (lost or rolled back)"};
  }
  return std::nullopt;
}

// Anything stored outside the known key prefixes.
std::optional<StoreProblem> check_foreign(const Store& store) {
  std::vector<std::string> known = {std::string(kMeta), std::string(kRecord), std::string(kByRequest),
                                    std::string(kTreeHead), std::string(kByType)};
  std::sort(known.begin(), known.end());
  std::string from;  // the start of the next gap
  for (size_t i = 0; i <= known.size(); ++i) {
    try {
      auto k = store.first_key_from(from);
      if (k && (i == known.size() || *k < known[i]))
        return StoreProblem{std::nullopt, "the database holds an entry that is not part of the log (" + to_hex(*k) + ")"};
    } catch (const AuditError& e) {
      return StoreProblem{std::nullopt, std::string("the database cannot be read: ") + e.what()};
    }
    if (i < known.size()) {
      from = known[i];
      from.back() = static_cast<char>(from.back() + 1);
    }
  }
  return std::nullopt;
}

}  // namespace

IndexDigest IndexDigest::of(const Record& r) {
  IndexDigest d;
  for (const auto& k : index_keys(r)) d.add(k);
  return d;
}

void IndexDigest::add(std::string_view key) {
  std::string h = sha256(key);
  for (size_t i = 0; i < 4; ++i) sum[i] += read_be64(std::string_view(h).substr(i * 8, 8));
  ++count;
}

IndexDigest& IndexDigest::operator+=(const IndexDigest& o) {
  for (size_t i = 0; i < 4; ++i) sum[i] += o.sum[i];
  count += o.count;
  return *this;
}

std::optional<StoreProblem> check_store(const Store& store, const IndexDigest& expected,
                                        const std::map<std::string, std::pair<uint64_t, uint64_t>>& delivered,
                                        uint64_t first, uint64_t end) {
  IndexDigest stored;
  std::string read_error;
  std::optional<uint64_t> with_value;
  for (auto kind : kIndexes) {
    try {
      store.scan(kind, "", [&](std::string_view k, std::string_view v) {
        if (!v.empty() && !with_value) with_value = index_seq(k);
        std::string key(kind);
        key.append(k);
        stored.add(key);
        return true;
      });
    } catch (const AuditError& e) {
      read_error = e.what();
    }
  }
  if (with_value) return StoreProblem{with_value, "an index entry of " + rec(*with_value) + " holds data (altered)"};
  if (stored != expected || !read_error.empty()) {
    auto problem = locate_index_damage(store, first, end, read_error);
    return problem ? problem : StoreProblem{std::nullopt, "the log's indexes do not match its records"};
  }
  if (auto p = check_meta(store, delivered)) return p;
  return check_foreign(store);
}

std::optional<uint64_t> first_record_at(const Store&, const std::optional<std::string>& key) {
  if (!key) return std::nullopt;
  std::string_view k(*key);
  auto rest = [&](std::string_view prefix) -> std::optional<std::string_view> {
    if (k.substr(0, prefix.size()) != prefix) return std::nullopt;
    return k.substr(prefix.size());
  };
  if (auto r = rest(kRecord); r && r->size() == 8) return read_be64(*r);
  if (auto r = rest(kTreeHead); r && r->size() == 16) {
    uint64_t size = read_be64(*r);
    return size ? std::optional<uint64_t>(size - 1) : std::nullopt;
  }
  for (auto kind : kIndexes)
    if (auto r = rest(kind)) return index_seq(*r);
  return std::nullopt;
}

}  // namespace mai::audit
