// The tunnel's hello lines (docs/remote.md, "Wire protocol" 1), read by the
// server from a client and by the client from the server (internal). Pure
// functions over one line (without its '\n'), so both sides are fuzzed.
#pragma once
#include <optional>
#include <string>

namespace mai::transport {

inline constexpr const char* kHelloPrefix = "MAI-SANDBOX/";
inline constexpr int kProtocolVersion = 1;
inline constexpr size_t kMaxHelloLine = 64;  // bytes before the '\n'

// The client's line: nullopt when it is "MAI-SANDBOX/1", else the reason the
// server refuses it with ("unsupported protocol version 'X'; ...", "expected
// MAI-SANDBOX/1 hello").
std::optional<std::string> check_client_hello(const std::string& line);

// The server's answer as the client reads it.
struct ServerReply {
  enum class Kind { ok, refused, other_version, not_a_service };
  Kind kind = Kind::not_a_service;
  std::string token;  // ok: 64 lowercase hex digits
  std::string text;   // refused: the reason; other_version: the version (printable, bounded)
};
ServerReply parse_server_reply(const std::string& line);

// At most `max` bytes of `s`, non-printable bytes shown as '?'.
std::string printable(const std::string& s, size_t max = 40);

}  // namespace mai::transport
