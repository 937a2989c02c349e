// The proxy's ClientHello reader (src/proxy/tls_hello.*): any first bytes of
// a tunnel get a verdict within the cap, and a verdict on a prefix holds for
// the whole (more bytes never change a decided hello).
#include <cstddef>
#include <cstdint>
#include <string>

#include "proxy/tls_hello.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mai::proxy;
  if (size < 2) return 0;
  size_t cap = 512 + (size_t{data[0]} << 6);  // 512 .. 16832
  std::string_view in(reinterpret_cast<const char*>(data + 1), size - 1);
  HelloResult whole = parse_client_hello(in, cap);
  if (whole.status == HelloStatus::complete) {
    if (whole.consumed > in.size() || whole.consumed > cap) __builtin_trap();
    for (char c : whole.server_name)
      if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f)
        __builtin_trap();
  }
  // Every prefix that already decides must decide the same way.
  for (size_t n = 1; n < in.size(); n = n * 2 + 1) {
    HelloResult part = parse_client_hello(in.substr(0, n), cap);
    if (part.status == HelloStatus::incomplete) continue;
    if (part.status != whole.status || part.server_name != whole.server_name ||
        part.consumed != whole.consumed)
      __builtin_trap();
  }
  return 0;
}
