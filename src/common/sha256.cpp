#include "common/sha256.hpp"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

#include "common/encoding.hpp"

namespace mai {

std::string sha256(std::initializer_list<std::string_view> parts) {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 unavailable");
  for (auto part : parts) EVP_DigestUpdate(ctx.get(), part.data(), part.size());
  unsigned char out[32];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx.get(), out, &len);
  return std::string(reinterpret_cast<char*>(out), len);
}

std::string sha256(std::string_view data) { return sha256({data}); }

std::string sha256_hex(std::string_view data) { return to_hex(sha256(data)); }

}  // namespace mai
