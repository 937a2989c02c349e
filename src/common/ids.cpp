#include "common/ids.hpp"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <string>

#include "common/encoding.hpp"

namespace mai {

// The kernel's CSPRNG (getrandom), not OpenSSL's RAND_bytes: the same
// strength, without OpenSSL building its DRBG and loading its provider on
// first use (1.5 ms of a `run`, which uses OpenSSL for nothing else random).
std::string random_hex(size_t bytes) {
  std::string raw(bytes, '\0');
  size_t got = 0;
  while (got < bytes) {
    ssize_t n = ::getrandom(raw.data() + got, bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("no randomness available (getrandom failed)");
    got += static_cast<size_t>(n);
  }
  return to_hex(raw);
}

std::string new_request_id() { return random_hex(16); }

}  // namespace mai
