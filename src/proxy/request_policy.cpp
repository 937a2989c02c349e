#include "proxy/request_policy.hpp"

#include <cctype>

#include "config/network_config.hpp"

namespace mai::proxy {

namespace {

PolicyDecision refuse(Target t, int status, std::string why) {
  PolicyDecision d;
  d.target = std::move(t);
  d.http_status = status;
  d.reason = std::move(why);
  return d;
}

// host[:port] -> raw host text and port; false when malformed.
bool split_authority(const std::string& auth, std::string& host, uint16_t& port,
                     uint16_t default_port) {
  std::string port_text;
  if (!auth.empty() && auth.front() == '[') {
    size_t close = auth.find(']');
    if (close == std::string::npos) return false;
    host = auth.substr(0, close + 1);
    if (close + 1 < auth.size()) {
      if (auth[close + 1] != ':') return false;
      port_text = auth.substr(close + 2);
      if (port_text.empty()) return false;
    }
  } else {
    size_t colon = auth.rfind(':');
    host = auth.substr(0, colon);
    if (colon != std::string::npos) {
      port_text = auth.substr(colon + 1);
      if (port_text.empty()) return false;
    }
  }
  if (host.empty()) return false;
  if (port_text.empty()) {
    port = default_port;
    return default_port != 0;
  }
  if (port_text.size() > 5 || port_text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  unsigned long p = std::stoul(port_text);
  if (p == 0 || p > 65535) return false;
  port = static_cast<uint16_t>(p);
  return true;
}

// Checks the host part; on success `t.host` is normalized. Empty: fine.
std::string check_host(Target& t, const Allowlist& allowlist) {
  std::string raw = t.host;
  if (raw.front() == '[' || config::looks_like_ip_literal(raw) ||
      config::looks_like_ip_literal(raw.back() == '.' ? raw.substr(0, raw.size() - 1) : raw))
    return "IP addresses are not allowed; use an allowlisted host name (" + raw + ")";
  std::string host = normalize_host(raw);
  if (host.empty()) return "not a valid host name: " + raw;
  t.host = host;
  if (!allowlist.allows(host)) return "host " + host + " is not on the allowlist";
  return "";
}

}  // namespace

PolicyDecision decide_request(const RequestHead& head, const Allowlist& allowlist) {
  Target t;
  const std::string& m = head.method;
  if (m == "CONNECT") {
    t.tunnel = true;
    if (!split_authority(head.target, t.host, t.port, 0)) {
      t.host = head.target;
      return refuse(t, 400, "CONNECT needs host:port");
    }
    if (auto why = check_host(t, allowlist); !why.empty()) return refuse(t, 403, why);
    if (t.port != 443)
      return refuse(t, 403, "CONNECT is allowed to port 443 only, not " + std::to_string(t.port));
  } else if (m == "GET" || m == "HEAD") {
    const std::string& url = head.target;
    std::string scheme = url.substr(0, url.find("://") == std::string::npos ? 0 : url.find("://"));
    for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (url.find("://") == std::string::npos)
      return refuse(t, 403, "not a proxy request: an absolute http:// URL is required");
    if (scheme != "http")
      return refuse(t, 403, "plain requests must use http:// (use CONNECT for https)");
    std::string rest = url.substr(url.find("://") + 3);
    size_t end = rest.find_first_of("/?");
    std::string auth = rest.substr(0, end);
    t.path = end == std::string::npos ? "/" : rest.substr(end);
    if (!t.path.empty() && t.path.front() == '?') t.path = "/" + t.path;
    if (url.find('#') != std::string::npos) return refuse(t, 400, "fragment in the request target");
    if (auth.find('@') != std::string::npos)
      return refuse(t, 403, "credentials in the URL are not allowed");
    if (!split_authority(auth, t.host, t.port, 80)) {
      t.host = auth;
      return refuse(t, 400, "malformed host in the URL");
    }
    if (auto why = check_host(t, allowlist); !why.empty()) return refuse(t, 403, why);
    if (t.port != 80)
      return refuse(t, 403, "plain HTTP is allowed to port 80 only, not " + std::to_string(t.port));
  } else {
    return refuse(t, 403, "method " + m + " is not allowed (only GET, HEAD and CONNECT)");
  }

  // A Host field must name the same place as the target, or the upstream
  // could route the request somewhere else than what was checked.
  if (const std::string* h = head.find("host")) {
    std::string host;
    uint16_t port = 0;
    if (!split_authority(*h, host, port, t.tunnel ? 443 : 80) || normalize_host(host) != t.host ||
        port != t.port)
      return refuse(t, 400, "Host header does not match the request target");
  }
  PolicyDecision d;
  d.allowed = true;
  d.http_status = 200;
  d.reason = t.tunnel ? "allowlisted host; TLS tunnel" : "allowlisted host";
  d.target = t;
  return d;
}

}  // namespace mai::proxy
