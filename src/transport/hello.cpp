#include "transport/hello.hpp"

namespace mai::transport {

namespace {

bool is_hex_token(const std::string& t) {
  if (t.size() != 64) return false;
  for (char ch : t)
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) return false;
  return true;
}

}  // namespace

std::string printable(const std::string& s, size_t max) {
  std::string out;
  for (char ch : s.substr(0, max)) {
    unsigned char u = static_cast<unsigned char>(ch);
    out.push_back(u >= 0x20 && u < 0x7f ? ch : '?');
  }
  return out;
}

std::optional<std::string> check_client_hello(const std::string& line) {
  const std::string prefix = kHelloPrefix;
  const std::string expected = "expected MAI-SANDBOX/" + std::to_string(kProtocolVersion) + " hello";
  if (line.compare(0, prefix.size(), prefix) != 0 || line.size() == prefix.size()) return expected;
  std::string version = line.substr(prefix.size());
  for (char ch : version)
    if (static_cast<unsigned char>(ch) < 0x20 || static_cast<unsigned char>(ch) > 0x7e)
      return expected;
  if (version != std::to_string(kProtocolVersion))
    return "unsupported protocol version '" + version + "'; this server speaks " +
           std::to_string(kProtocolVersion);
  return std::nullopt;
}

ServerReply parse_server_reply(const std::string& line) {
  ServerReply r;
  const std::string prefix = kHelloPrefix;
  if (line.compare(0, prefix.size(), prefix) != 0) return r;
  auto sp = line.find(' ', prefix.size());
  std::string version =
      line.substr(prefix.size(), sp == std::string::npos ? std::string::npos : sp - prefix.size());
  if (version != std::to_string(kProtocolVersion)) {
    r.kind = ServerReply::Kind::other_version;
    r.text = printable(version);
    return r;
  }
  std::string rest = sp == std::string::npos ? "" : line.substr(sp + 1);
  if (rest.compare(0, 4, "ERR ") == 0) {
    r.kind = ServerReply::Kind::refused;
    r.text = printable(rest.substr(4), 200);
  } else if (rest.compare(0, 3, "OK ") == 0 && is_hex_token(rest.substr(3))) {
    r.kind = ServerReply::Kind::ok;
    r.token = rest.substr(3);
  }
  return r;
}

}  // namespace mai::transport
