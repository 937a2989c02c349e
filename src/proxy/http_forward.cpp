#include "proxy/http_forward.hpp"

#include <cctype>
#include <set>

namespace mai::proxy {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const std::set<std::string> kHopByHop = {"connection", "proxy-connection", "keep-alive",
                                         "te", "trailer", "upgrade", "proxy-authorization",
                                         "proxy-authenticate", "host", "expect"};

const char* status_text(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 408: return "Request Timeout";
    case 431: return "Request Header Fields Too Large";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return "Error";
  }
}

}  // namespace

std::string upstream_request(const RequestHead& head, const Target& target) {
  // Fields the Connection header names are hop-by-hop too.
  std::set<std::string> drop = kHopByHop;
  if (const std::string* c = head.find("connection")) {
    std::string v = lower(*c);
    size_t pos = 0;
    while (pos <= v.size()) {
      size_t comma = v.find(',', pos);
      if (comma == std::string::npos) comma = v.size();
      std::string tok = v.substr(pos, comma - pos);
      tok.erase(0, tok.find_first_not_of(" \t"));
      tok.erase(tok.find_last_not_of(" \t") + 1);
      if (!tok.empty()) drop.insert(tok);
      pos = comma + 1;
    }
  }
  std::string out = head.method + " " + target.path + " HTTP/1.1\r\nHost: " + target.host;
  if (target.port != 80) out += ":" + std::to_string(target.port);
  out += "\r\n";
  for (const auto& h : head.headers)
    if (!drop.count(h.name)) out += h.name + ": " + h.value + "\r\n";
  out += "Connection: close\r\n\r\n";
  return out;
}

ResponseHead rewrite_response_head(std::string_view data, size_t max_bytes) {
  ResponseHead r;
  size_t end = data.find("\r\n\r\n");
  if (end == std::string_view::npos) {
    if (data.size() >= max_bytes || (data.size() >= 5 && data.substr(0, 5) != "HTTP/"))
      r.status = ResponseHeadStatus::invalid;
    return r;
  }
  if (end + 4 > max_bytes || data.substr(0, 7) != "HTTP/1.") {
    r.status = ResponseHeadStatus::invalid;
    return r;
  }
  std::string_view head = data.substr(0, end);
  size_t pos = 0;
  bool first = true;
  while (pos <= head.size()) {
    size_t eol = head.find("\r\n", pos);
    if (eol == std::string_view::npos) eol = head.size();
    std::string_view line = head.substr(pos, eol - pos);
    pos = eol + 2;
    if (!first) {
      std::string name = lower(line.substr(0, line.find(':')));
      if (name == "connection" || name == "keep-alive" || name == "proxy-connection") continue;
    }
    first = false;
    r.rewritten.append(line).append("\r\n");
  }
  r.rewritten += "Connection: close\r\n\r\n";
  r.consumed = end + 4;
  r.status = ResponseHeadStatus::complete;
  return r;
}

std::string refusal_response(int status, const std::string& reason) {
  std::string body = "mai-sandbox proxy: " + reason + "\n";
  return "HTTP/1.1 " + std::to_string(status) + " " + status_text(status) +
         "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

std::string tunnel_established() { return "HTTP/1.1 200 Connection established\r\n\r\n"; }

}  // namespace mai::proxy
