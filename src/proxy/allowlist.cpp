#include "proxy/allowlist.hpp"

#include <cctype>

#include "config/network_config.hpp"

namespace mai::proxy {

Allowlist::Allowlist(const std::vector<std::string>& entries) {
  for (const auto& e : entries) {
    if (e.rfind("*.", 0) == 0)
      suffixes_.push_back(e.substr(1));
    else
      exact_.insert(e);
  }
}

bool Allowlist::allows(const std::string& host) const {
  if (host.empty()) return false;
  if (exact_.count(host)) return true;
  for (const auto& s : suffixes_)
    if (host.size() > s.size() && host.compare(host.size() - s.size(), s.size(), s) == 0)
      return true;
  return false;
}

std::string normalize_host(std::string host) {
  for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!host.empty() && host.back() == '.') host.pop_back();
  if (!config::valid_host_name(host)) return "";
  return host;
}

}  // namespace mai::proxy
