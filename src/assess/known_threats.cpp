#include "assess/known_threats.hpp"

#include <algorithm>
#include <cctype>

namespace mai::assess {

std::string KnownThreats::normalize_package(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '_' || c == '.' || c == '-') out.push_back('-');
    else out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

KnownThreats KnownThreats::parse(const config::Node& root) {
  root.expect_keys({"version", "packages", "mining_pools", "payload_sha256", "popular_packages", "legitimate_packages",
                    "standard_library"});
  KnownThreats k;
  if (root.has("version")) root["version"].as_uint(1, 1);
  if (root.has("packages")) {
    auto list = root["packages"];
    if (!list.is_sequence()) list.fail("expected a list of package names");
    for (const auto& n : list.items()) {
      std::string s = n.as_string();
      if (s.empty() || s.find(' ') != std::string::npos) n.fail("not a package name: '" + s + "'");
      k.packages_.insert(normalize_package(s));
    }
  }
  if (root.has("mining_pools")) {
    auto list = root["mining_pools"];
    if (!list.is_sequence()) list.fail("expected a list of host names or URL fragments");
    for (const auto& n : list.items()) {
      std::string s = n.as_string();
      if (s.size() < 4) n.fail("too short to match safely: '" + s + "'");
      if (s.find_first_of(".:") == std::string::npos) n.fail("expected a host name or URL fragment (with '.' or ':'): '" + s + "'");
      std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
      k.by_first_[static_cast<unsigned char>(s[0])].push_back(static_cast<uint16_t>(k.pools_.size()));
      k.pools_.push_back(s);
    }
  }
  for (const char* key : {"popular_packages", "legitimate_packages"}) {
    if (!root.has(key)) continue;
    auto list = root[key];
    if (!list.is_sequence()) list.fail("expected a list of package names");
    for (const auto& n : list.items()) {
      std::string s = normalize_package(n.as_string());
      if (s.empty()) n.fail("empty package name");
      if (std::string(key) == "popular_packages") k.popular_.push_back(s);
      k.legitimate_.insert(s);
    }
  }
  if (root.has("standard_library")) {
    auto list = root["standard_library"];
    if (!list.is_sequence()) list.fail("expected a list of module names");
    for (const auto& n : list.items()) k.standard_.insert(n.as_string());
  }
  if (root.has("payload_sha256")) {
    auto list = root["payload_sha256"];
    if (!list.is_sequence()) list.fail("expected a list of hex SHA-256 hashes");
    for (const auto& n : list.items()) {
      std::string s = n.as_string();
      std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
      if (s.size() != 64 || s.find_first_not_of("0123456789abcdef") != std::string::npos)
        n.fail("not a hex SHA-256 hash: '" + s + "'");
      k.hashes_.insert(s);
    }
  }
  return k;
}

bool KnownThreats::is_standard_module(std::string_view name) const { return standard_.count(std::string(name)) > 0; }

bool KnownThreats::is_malicious_package(std::string_view name) const {
  return !name.empty() && packages_.count(normalize_package(name)) > 0;
}

std::optional<std::string> KnownThreats::pool_in(std::string_view text) const {
  if (pools_.empty() || text.size() < 4) return std::nullopt;
  // Every pool name contains a '.' or ':'; most strings have neither.
  if (text.find_first_of(".:") == std::string_view::npos) return std::nullopt;
  text = text.substr(0, 1u << 16);
  auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  for (size_t i = 0; i < text.size(); ++i) {
    const auto& cands = by_first_[static_cast<unsigned char>(low(text[i]))];
    for (uint16_t k : cands) {
      const std::string& p = pools_[k];
      if (p.size() > text.size() - i) continue;
      size_t j = 1;
      while (j < p.size() && low(text[i + j]) == p[j]) ++j;
      if (j == p.size()) return p;
    }
  }
  return std::nullopt;
}

namespace {
// Damerau-Levenshtein distance of at most one.
bool one_edit(const std::string& a, const std::string& b) {
  if (a == b) return false;
  size_t n = a.size(), m = b.size();
  if (n + 1 < m || m + 1 < n) return false;
  size_t i = 0;
  while (i < n && i < m && a[i] == b[i]) ++i;
  if (n == m) {
    if (a.compare(i + 1, std::string::npos, b, i + 1, std::string::npos) == 0) return true;  // changed
    return i + 1 < n && a[i] == b[i + 1] && a[i + 1] == b[i] &&
           a.compare(i + 2, std::string::npos, b, i + 2, std::string::npos) == 0;  // swapped
  }
  if (n > m) return a.compare(i + 1, std::string::npos, b, i, std::string::npos) == 0;
  return b.compare(i + 1, std::string::npos, a, i, std::string::npos) == 0;
}
}  // namespace

std::optional<std::string> KnownThreats::typosquat_of(std::string_view name) const {
  std::string n = normalize_package(name);
  if (n.size() < 5 || legitimate_.count(n)) return std::nullopt;
  for (const auto& p : popular_)
    if (one_edit(n, p)) return p;
  return std::nullopt;
}

bool KnownThreats::is_known_payload(std::string_view h) const { return hashes_.count(std::string(h)) > 0; }

}  // namespace mai::assess
