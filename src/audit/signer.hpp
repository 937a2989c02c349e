// Ed25519 keys (OpenSSL 3): load, create, sign, verify. The private key is a
// PKCS#8 PEM file of mode 0600; the key id is the hex SHA-256 of the raw
// 32-byte public key.
#pragma once
#include <memory>
#include <string>
#include <string_view>

typedef struct evp_pkey_st EVP_PKEY;

namespace mai::audit {

class PublicKey {
 public:
  // Throws AuditError when the bytes are not a 32-byte Ed25519 public key.
  static PublicKey from_raw(std::string_view raw32);
  // A SubjectPublicKeyInfo PEM ("BEGIN PUBLIC KEY"), or a private key PEM
  // whose public half is taken. Throws AuditError naming `what` if neither.
  static PublicKey from_pem(std::string_view pem, const std::string& what = "public key");
  static PublicKey from_pem_file(const std::string& path);

  const std::string& raw() const { return raw_; }
  const std::string& key_id() const { return key_id_; }
  std::string pem() const;
  // Safe to call from many threads at once.
  bool verify(std::string_view message, std::string_view signature) const;

 private:
  std::string raw_;
  std::string key_id_;
  std::shared_ptr<EVP_PKEY> pkey_;
};

class SigningKey {
 public:
  static SigningKey generate();
  // Refuses a file that group or others can read or write.
  static SigningKey load_file(const std::string& path);
  static SigningKey from_pem(std::string_view pem, const std::string& what);
  // Writes PKCS#8 PEM with mode 0600 (atomically), creating the directory 0700.
  void save_file(const std::string& path) const;
  std::string private_pem() const;

  // 64-byte Ed25519 signature. Safe to call from many threads at once.
  std::string sign(std::string_view message) const;
  const PublicKey& public_key() const { return public_; }
  const std::string& key_id() const { return public_.key_id(); }

 private:
  // Signing contexts set up for this key, reused: a new one per signature
  // looked the algorithm up and set the key up each time (2.3 us of a
  // 40 us signature).
  struct Contexts;
  std::shared_ptr<EVP_PKEY> pkey_;
  std::shared_ptr<Contexts> contexts_;  // set with pkey_
  PublicKey public_;
};

// The key id of a raw public key: hex SHA-256 of its 32 bytes.
std::string key_id_of(std::string_view raw_public_key);

}  // namespace mai::audit
