#include "proxy/http_request.hpp"

#include <cctype>

namespace mai::proxy {

namespace {

bool tchar(unsigned char c) {
  return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) !=
                                std::string_view::npos;
}

bool token(std::string_view s) {
  if (s.empty()) return false;
  for (unsigned char c : s)
    if (!tchar(c)) return false;
  return true;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

HeadResult refuse(int status, std::string reason) {
  HeadResult r;
  r.status = HeadStatus::refused;
  r.http_status = status;
  r.reason = std::move(reason);
  return r;
}

HeadResult parse_complete(std::string_view head, const HeadLimits& limits) {
  HeadResult r;
  r.head.size = head.size() + 4;
  size_t pos = 0;
  bool first = true;
  while (pos <= head.size()) {
    size_t end = head.find("\r\n", pos);
    if (end == std::string_view::npos) end = head.size();
    std::string_view line = head.substr(pos, end - pos);
    pos = end + 2;
    if (line.find('\r') != std::string_view::npos) return refuse(400, "bare CR in the request head");
    if (first) {
      first = false;
      size_t a = line.find(' ');
      size_t b = a == std::string_view::npos ? a : line.find(' ', a + 1);
      if (b == std::string_view::npos || line.find(' ', b + 1) != std::string_view::npos)
        return refuse(400, "malformed request line");
      std::string_view method = line.substr(0, a), target = line.substr(a + 1, b - a - 1),
                       version = line.substr(b + 1);
      if (!token(method)) return refuse(400, "malformed method");
      if (target.empty()) return refuse(400, "empty request target");
      for (unsigned char c : target)
        if (c <= 0x20 || c >= 0x7f) return refuse(400, "invalid character in the request target");
      if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return refuse(400, "unsupported HTTP version");
      r.head.method = std::string(method);
      r.head.target = std::string(target);
      r.head.version = std::string(version);
      continue;
    }
    if (line.empty()) return refuse(400, "empty header line");
    if (line[0] == ' ' || line[0] == '\t')
      return refuse(400, "obsolete header line folding is not accepted");
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return refuse(400, "header line without a colon");
    std::string_view name = line.substr(0, colon);
    if (!token(name)) return refuse(400, "malformed header name (whitespace before the colon?)");
    std::string_view value = line.substr(colon + 1);
    for (unsigned char c : value)
      if ((c < 0x20 && c != '\t') || c == 0x7f)
        return refuse(400, "control character in a header value");
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    if (r.head.headers.size() >= limits.max_fields)
      return refuse(431, "more than " + std::to_string(limits.max_fields) + " header fields");
    r.head.headers.push_back({lower(name), std::string(value)});
  }

  // Framing: this proxy is read-only, so no request may carry a body; that
  // also leaves no room for disagreement about where a request ends.
  size_t hosts = 0, lengths = 0;
  bool chunked_or_te = false;
  std::string length;
  for (const auto& h : r.head.headers) {
    if (h.name == "host") ++hosts;
    if (h.name == "content-length") ++lengths, length = h.value;
    if (h.name == "transfer-encoding") chunked_or_te = true;
  }
  if (hosts > 1) return refuse(400, "more than one Host header");
  if (chunked_or_te && lengths)
    return refuse(400, "both Content-Length and Transfer-Encoding (request smuggling)");
  if (lengths > 1) return refuse(400, "more than one Content-Length header");
  if (chunked_or_te) return refuse(403, "request bodies are not allowed (Transfer-Encoding)");
  if (lengths) {
    if (length.empty() || length.find_first_not_of("0123456789") != std::string::npos)
      return refuse(400, "malformed Content-Length");
    if (length.find_first_not_of('0') != std::string::npos)
      return refuse(403, "request bodies are not allowed (the proxy is read-only)");
  }
  r.status = HeadStatus::complete;
  return r;
}

}  // namespace

const std::string* RequestHead::find(std::string_view name) const {
  for (const auto& h : headers)
    if (h.name == name) return &h.value;
  return nullptr;
}

HeadResult parse_request_head(std::string_view buf, const HeadLimits& limits, size_t& scanned) {
  // Look only at bytes not seen before, but catch a terminator or a bare LF
  // that straddles the previous end.
  size_t from = scanned;
  for (size_t i = from; i < buf.size(); ++i) {
    if (buf[i] == '\0') return refuse(400, "NUL byte in the request head");
    if (buf[i] != '\n') continue;
    if (i == 0 || buf[i - 1] != '\r') return refuse(400, "bare LF in the request head");
    if (i >= 3 && buf[i - 2] == '\n' && buf[i - 3] == '\r') {
      if (i + 1 > limits.max_bytes)
        return refuse(431, "request head larger than " + std::to_string(limits.max_bytes) + " bytes");
      if (i == 3) return refuse(400, "empty request");
      return parse_complete(buf.substr(0, i - 3), limits);
    }
  }
  scanned = buf.size();
  if (buf.size() >= limits.max_bytes)
    return refuse(431, "request head larger than " + std::to_string(limits.max_bytes) + " bytes");
  return HeadResult{};
}

}  // namespace mai::proxy
