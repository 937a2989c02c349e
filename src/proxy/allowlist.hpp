// Which host names the proxy lets a sandbox reach: exact names and "*.suffix"
// (any subdomain of suffix, not suffix itself). Names only; addresses never.
#pragma once
#include <set>
#include <string>
#include <vector>

namespace mai::proxy {

class Allowlist {
 public:
  explicit Allowlist(const std::vector<std::string>& entries);
  // `host` must already be normalized (normalize_host).
  bool allows(const std::string& host) const;

 private:
  std::set<std::string> exact_;
  std::vector<std::string> suffixes_;  // ".suffix"
};

// Lower case, one trailing dot removed. Empty when the result is not a host
// name (this also rejects percent-encoding, userinfo, brackets, ...).
std::string normalize_host(std::string host);

}  // namespace mai::proxy
