#include "common/sha256.hpp"

#include <openssl/evp.h>

#include <memory>
#include <stdexcept>

#include "common/encoding.hpp"

namespace mai {

namespace {

// OpenSSL 3 looks the implementation of EVP_sha256() up in its provider
// store (locks, string compares) on every EVP_DigestInit_ex: fetched once
// here, a short hash takes a third of the time (the audit log hashes each
// record, its index keys and its tree nodes). The context stays per call: one
// kept per thread would outlive the detached threads' release of their
// OpenSSL state (common/thread_crypto.hpp).
const EVP_MD* sha256_md() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}

}  // namespace

std::string sha256(std::initializer_list<std::string_view> parts) {
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> holder(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  EVP_MD_CTX* ctx = holder.get();
  if (!ctx || !sha256_md() || EVP_DigestInit_ex2(ctx, sha256_md(), nullptr) != 1)
    throw std::runtime_error("SHA-256 unavailable");
  for (auto part : parts) EVP_DigestUpdate(ctx, part.data(), part.size());
  unsigned char out[32];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx, out, &len);
  return std::string(reinterpret_cast<char*>(out), len);
}

std::string sha256(std::string_view data) { return sha256({data}); }

std::string sha256_hex(std::string_view data) { return to_hex(sha256(data)); }

}  // namespace mai
