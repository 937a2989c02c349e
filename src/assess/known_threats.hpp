// config/known-threats.yaml: malicious and typosquatted package names, crypto-
// mining pool endpoints, and SHA-256 hashes of known malicious payloads.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "config/yaml_node.hpp"

namespace mai::assess {

class KnownThreats {
 public:
  static KnownThreats parse(const config::Node& root);  // throws ConfigError

  // Python module or package name (case, '-', '_' and '.' insensitive).
  bool is_malicious_package(std::string_view name) const;
  // A top-level module of Python's standard library (exact name): what
  // `import NAME` loads, whatever PyPI holds under that name.
  bool is_standard_module(std::string_view name) const;
  // The first mining pool endpoint mentioned in `text`, if any.
  std::optional<std::string> pool_in(std::string_view text) const;
  bool is_known_payload(std::string_view sha256_hex) const;
  // The popular package `name` imitates (one edit away: a letter added,
  // dropped, changed or two swapped), when it is not itself a known name.
  std::optional<std::string> typosquat_of(std::string_view name) const;

  size_t package_count() const { return packages_.size(); }

  static std::string normalize_package(std::string_view name);

 private:
  std::unordered_set<std::string> packages_;
  std::vector<std::string> pools_;  // lower case
  std::vector<uint16_t> by_first_[256];  // pools_ indices by their first byte
  std::unordered_set<std::string> hashes_;
  std::vector<std::string> popular_;           // normalised
  std::unordered_set<std::string> legitimate_;  // popular and other real names (never typosquats)
  std::unordered_set<std::string> standard_;    // the standard library's top-level modules
};

}  // namespace mai::assess
