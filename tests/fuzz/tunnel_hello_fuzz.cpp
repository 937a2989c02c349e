// The tunnel's hello lines (src/transport/hello.*), as the server reads a
// client's and as a client reads the server's: any line gets a verdict, and
// what is shown to a person is printable and bounded.
#include <cstddef>
#include <cstdint>
#include <string>

#include "transport/hello.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::transport;
  std::string line(reinterpret_cast<const char*>(data), size);
  auto refusal = check_client_hello(line);
  if (!refusal && line != "MAI-SANDBOX/1") __builtin_trap();
  ServerReply r = parse_server_reply(line);
  if (r.kind == ServerReply::Kind::ok && r.token.size() != 64) __builtin_trap();
  if (r.text.size() > 200) __builtin_trap();
  for (char c : r.text)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
      __builtin_trap();
  return 0;
}
