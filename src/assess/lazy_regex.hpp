// A RE2 pattern of the assessor's configuration, compiled on its first use:
// a run matches a few of the library model's and the rules' hundreds of
// patterns, and compiling them all was a third of building the assessor.
// A pattern from a file the user wrote is compiled when the file is read, so
// a bad one is a configuration error naming its line; the built-in files'
// patterns are checked by the test suite (assess_test: BuiltInPatterns).
#pragma once
#include <re2/re2.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "config/yaml_node.hpp"

namespace mai::assess {

class LazyRegex {
 public:
  // The pattern at `n` (a string), with RE2's memory budget `max_mem`.
  static std::shared_ptr<const LazyRegex> from(const config::Node& n, int64_t max_mem);

  // Compiled on the first call (thread-safe); throws std::runtime_error for
  // a pattern RE2 refuses, which the assessor reports as its internal error.
  const RE2& re() const;
  const std::string& pattern() const { return pattern_; }

  LazyRegex(std::string pattern, int64_t max_mem) : pattern_(std::move(pattern)), max_mem_(max_mem) {}

 private:
  std::string pattern_;
  int64_t max_mem_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<RE2> re_;
};

}  // namespace mai::assess
