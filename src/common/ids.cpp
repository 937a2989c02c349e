#include "common/ids.hpp"

#include <openssl/rand.h>

#include <stdexcept>
#include <string>

#include "common/encoding.hpp"

namespace mai {

std::string random_hex(size_t bytes) {
  std::string raw(bytes, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(bytes)) != 1)
    throw std::runtime_error("no randomness available");
  return to_hex(raw);
}

std::string new_request_id() { return random_hex(16); }

}  // namespace mai
