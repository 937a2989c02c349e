#include "audit/signer.hpp"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <optional>
#include <vector>

#include "audit/error.hpp"
#include "common/files.hpp"
#include "common/sha256.hpp"
#include "common/encoding.hpp"

namespace mai::audit {

namespace {

std::string openssl_error() {
  unsigned long e = ERR_get_error();
  ERR_clear_error();
  if (e == 0) return "unknown OpenSSL error";
  char buf[256];
  ERR_error_string_n(e, buf, sizeof buf);
  return buf;
}

std::shared_ptr<EVP_PKEY> own(EVP_PKEY* k) { return std::shared_ptr<EVP_PKEY>(k, EVP_PKEY_free); }

std::string raw_public(EVP_PKEY* k) {
  unsigned char buf[32];
  size_t len = sizeof buf;
  if (EVP_PKEY_get_raw_public_key(k, buf, &len) != 1 || len != 32)
    throw AuditError("cannot read the Ed25519 public key: " + openssl_error());
  return std::string(reinterpret_cast<char*>(buf), len);
}

// The one shape a signing key file has when this program wrote it: RFC
// 8410's PKCS#8 v1 wrapping of a 32-byte Ed25519 seed, base64 in a "PRIVATE
// KEY" PEM block. Read directly, the key skips OpenSSL 3's PEM decoder,
// which enumerates every provider's decoders (about 0.9 ms of CPU on each
// `run`'s path). Anything else (text around the block, attributes or a public
// key in the wrapping, an encrypted key, another algorithm) goes to OpenSSL.
std::optional<std::string> plain_ed25519_seed(std::string_view pem) {
  constexpr std::string_view begin = "-----BEGIN PRIVATE KEY-----", end = "-----END PRIVATE KEY-----";
  const std::string_view prefix("\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x22\x04\x20", 16);
  // Blank lines before it and white space after it, as OpenSSL reads them.
  while (!pem.empty() && (pem.front() == '\n' || pem.front() == '\r')) pem.remove_prefix(1);
  while (!pem.empty() && std::isspace(static_cast<unsigned char>(pem.back()))) pem.remove_suffix(1);
  if (pem.size() < begin.size() + end.size() || pem.substr(0, begin.size()) != begin ||
      pem.substr(pem.size() - end.size()) != end)
    return std::nullopt;
  std::string body;
  for (char c : pem.substr(begin.size(), pem.size() - begin.size() - end.size()))
    if (c != '\n' && c != '\r') body += c;
  auto der = from_base64(body);
  if (!der || der->size() != prefix.size() + 32 || der->compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  return der->substr(prefix.size());
}

std::string directory_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

std::string key_id_of(std::string_view raw) { return to_hex(sha256(raw)); }

PublicKey PublicKey::from_raw(std::string_view raw32) {
  if (raw32.size() != 32) throw AuditError("an Ed25519 public key is 32 bytes");
  EVP_PKEY* k = EVP_PKEY_new_raw_public_key(
      EVP_PKEY_ED25519, nullptr, reinterpret_cast<const unsigned char*>(raw32.data()), raw32.size());
  if (!k) throw AuditError("not an Ed25519 public key: " + openssl_error());
  PublicKey p;
  p.pkey_ = own(k);
  p.raw_ = std::string(raw32);
  p.key_id_ = key_id_of(p.raw_);
  return p;
}

PublicKey PublicKey::from_pem(std::string_view pem, const std::string& what) {
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())),
                                                BIO_free);
  EVP_PKEY* k = PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr);
  if (!k) {
    ERR_clear_error();
    std::unique_ptr<BIO, decltype(&BIO_free)> bio2(
        BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())), BIO_free);
    k = PEM_read_bio_PrivateKey(bio2.get(), nullptr, nullptr, nullptr);
  }
  if (!k) {
    ERR_clear_error();
    throw AuditError(what + " is not a PEM public key (expected \"-----BEGIN PUBLIC KEY-----\")");
  }
  auto owned = own(k);
  if (EVP_PKEY_get_id(k) != EVP_PKEY_ED25519)
    throw AuditError(what + " is not an Ed25519 key (the audit log is signed with Ed25519)");
  return from_raw(raw_public(k));
}

PublicKey PublicKey::from_pem_file(const std::string& path) {
  std::string text;
  try {
    text = read_file_limited(path, 1 << 20);
  } catch (const std::exception& e) {
    throw AuditError(std::string("cannot read public key: ") + e.what());
  }
  return from_pem(text, path);
}

std::string PublicKey::pem() const {
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
  if (PEM_write_bio_PUBKEY(bio.get(), pkey_.get()) != 1)
    throw AuditError("cannot encode the public key: " + openssl_error());
  char* data = nullptr;
  long len = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<size_t>(len));
}

bool PublicKey::verify(std::string_view message, std::string_view signature) const {
  if (!pkey_ || signature.size() != 64) return false;
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, pkey_.get()) != 1) {
    ERR_clear_error();
    return false;
  }
  int rc = EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char*>(signature.data()),
                            signature.size(), reinterpret_cast<const unsigned char*>(message.data()),
                            message.size());
  if (rc != 1) ERR_clear_error();
  return rc == 1;
}

// Idle contexts, each initialised for the key once: Ed25519 signs in one
// shot, so a context that signed is ready for the next message.
struct SigningKey::Contexts {
  std::mutex mu;
  std::vector<EVP_MD_CTX*> idle;
  ~Contexts() {
    for (auto* c : idle) EVP_MD_CTX_free(c);
  }
};

SigningKey SigningKey::generate() {
  EVP_PKEY* k = nullptr;
  std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)> ctx(
      EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, nullptr), EVP_PKEY_CTX_free);
  if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_keygen(ctx.get(), &k) != 1)
    throw AuditError("cannot generate an Ed25519 key: " + openssl_error());
  SigningKey s;
  s.pkey_ = own(k);
  s.contexts_ = std::make_shared<Contexts>();
  s.public_ = PublicKey::from_raw(raw_public(k));
  return s;
}

SigningKey SigningKey::from_pem(std::string_view pem, const std::string& what) {
  EVP_PKEY* k = nullptr;
  if (auto seed = plain_ed25519_seed(pem)) {
    k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nullptr,
                                     reinterpret_cast<const unsigned char*>(seed->data()), seed->size());
  } else {
    std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())),
                                                  BIO_free);
    k = PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr);
  }
  if (!k) {
    ERR_clear_error();
    throw AuditError(what + " is not a PEM private key");
  }
  SigningKey s;
  s.pkey_ = own(k);
  s.contexts_ = std::make_shared<Contexts>();
  if (EVP_PKEY_get_id(k) != EVP_PKEY_ED25519) throw AuditError(what + " is not an Ed25519 private key");
  s.public_ = PublicKey::from_raw(raw_public(k));
  return s;
}

SigningKey SigningKey::load_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw AuditError("cannot read signing key " + path + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw AuditError("signing key " + path + " is not a regular file");
  if (st.st_mode & 077) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    throw AuditError("refusing signing key " + path + ": group or others can access it (mode " + mode +
                     "); run: chmod 600 " + path);
  }
  std::string text;
  try {
    text = read_file_limited(path, 1 << 20);
  } catch (const std::exception& e) {
    throw AuditError(std::string("cannot read signing key: ") + e.what());
  }
  return from_pem(text, "signing key " + path);
}

std::string SigningKey::private_pem() const {
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new(BIO_s_mem()), BIO_free);
  if (PEM_write_bio_PrivateKey(bio.get(), pkey_.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1)
    throw AuditError("cannot encode the signing key: " + openssl_error());
  char* data = nullptr;
  long len = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<size_t>(len));
}

void SigningKey::save_file(const std::string& path) const {
  std::string dir = directory_of(path);
  try {
    if (!is_directory(dir)) make_dirs(dir, 0700);
    write_file_atomic(path, private_pem(), 0600);
  } catch (const AuditError&) {
    throw;
  } catch (const std::exception& e) {
    throw AuditError(std::string("cannot write signing key: ") + e.what());
  }
}

std::string SigningKey::sign(std::string_view message) const {
  if (!pkey_ || !contexts_) throw AuditError("Ed25519 signing failed: no key");
  using Ctx = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;
  Ctx ctx(nullptr, EVP_MD_CTX_free);
  {
    std::lock_guard<std::mutex> lk(contexts_->mu);
    if (!contexts_->idle.empty()) {
      ctx.reset(contexts_->idle.back());
      contexts_->idle.pop_back();
    }
  }
  if (!ctx) {
    ctx.reset(EVP_MD_CTX_new());
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, pkey_.get()) != 1)
      throw AuditError("Ed25519 signing failed: " + openssl_error());
  }
  unsigned char sig[64];
  size_t len = sizeof sig;
  if (EVP_DigestSign(ctx.get(), sig, &len, reinterpret_cast<const unsigned char*>(message.data()), message.size()) !=
      1)
    throw AuditError("Ed25519 signing failed: " + openssl_error());  // the context is dropped
  std::lock_guard<std::mutex> lk(contexts_->mu);
  contexts_->idle.push_back(ctx.release());
  return std::string(reinterpret_cast<char*>(sig), len);
}

}  // namespace mai::audit
