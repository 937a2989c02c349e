#include "transport/tls_context.hpp"

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "common/error.hpp"
#include "transport/identity.hpp"

namespace mai::transport {
namespace {

std::string openssl_reason() {
  unsigned long e = 0, last = 0;
  while ((e = ERR_get_error()) != 0) last = e;
  if (last == 0) return "unknown error";
  const char* r = ERR_reason_error_string(last);
  return r ? r : "unknown error";
}

// Reads a whole file or throws a UsageError naming it.
std::string read_file(const std::string& what, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    int err = errno;
    throw UsageError("cannot read TLS " + what + " " + path + ": " +
                     std::strerror(err ? err : ENOENT));
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw UsageError("cannot read TLS " + what + " " + path);
  return ss.str();
}

struct BioFree {
  void operator()(BIO* b) const { BIO_free(b); }
};
struct X509Free {
  void operator()(X509* x) const { X509_free(x); }
};
struct PkeyFree {
  void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
struct StoreFree {
  void operator()(X509_STORE* s) const { X509_STORE_free(s); }
};
struct StoreCtxFree {
  void operator()(X509_STORE_CTX* s) const { X509_STORE_CTX_free(s); }
};
using BioPtr = std::unique_ptr<BIO, BioFree>;
using X509Ptr = std::unique_ptr<X509, X509Free>;

BioPtr mem_bio(const std::string& data) {
  return BioPtr(BIO_new_mem_buf(data.data(), static_cast<int>(data.size())));
}

// All certificates in a PEM blob, in order.
std::vector<X509Ptr> read_certs(const std::string& pem) {
  std::vector<X509Ptr> out;
  auto bio = mem_bio(pem);
  while (X509* x = PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr)) out.emplace_back(x);
  ERR_clear_error();
  return out;
}

int refuse_password(char*, int, int, void* asked) {
  *static_cast<bool*>(asked) = true;
  return -1;
}

std::string asn1_time(const ASN1_TIME* t) {
  BioPtr bio(BIO_new(BIO_s_mem()));
  ASN1_TIME_print(bio.get(), t);
  char* data = nullptr;
  long n = BIO_get_mem_data(bio.get(), &data);
  return n > 0 ? std::string(data, static_cast<size_t>(n)) : std::string("?");
}

}  // namespace

std::shared_ptr<TlsContext> TlsContext::server(const TlsFiles& files) { return make(files, true); }
std::shared_ptr<TlsContext> TlsContext::client(const TlsFiles& files) { return make(files, false); }

TlsContext::~TlsContext() { SSL_CTX_free(ctx_); }

std::shared_ptr<TlsContext> TlsContext::make(const TlsFiles& f, bool server) {
  ERR_clear_error();
  if (!f.complete()) {
    std::string missing;
    auto add = [&](bool absent, const char* name) {
      if (absent) missing += std::string(missing.empty() ? "" : ", ") + name;
    };
    add(f.cert.empty(), "certificate");
    add(f.key.empty(), "key");
    add(f.ca.empty(), "CA");
    throw UsageError("TLS needs a certificate, a key and a CA file together (missing: " + missing +
                     ")");
  }

  // Certificate (and any intermediates after it).
  const std::string cert_pem = read_file("certificate", f.cert);
  auto chain = read_certs(cert_pem);
  if (chain.empty()) throw UsageError("TLS certificate " + f.cert + " is not a PEM certificate");
  X509* cert = chain.front().get();

  // Private key: refuse encrypted keys instead of prompting on a terminal.
  const std::string key_pem = read_file("key", f.key);
  bool asked = false;
  auto key_bio = mem_bio(key_pem);
  std::unique_ptr<EVP_PKEY, PkeyFree> key(
      PEM_read_bio_PrivateKey(key_bio.get(), nullptr, refuse_password, &asked));
  if (asked || key_pem.find("ENCRYPTED") != std::string::npos) {
    ERR_clear_error();
    throw UsageError("TLS key " + f.key +
                     " is encrypted (passphrase-protected keys are not supported; decrypt it with "
                     "'openssl pkey -in KEY -out KEY.plain')");
  }
  if (!key) {
    ERR_clear_error();
    throw UsageError("TLS key " + f.key + " is not a PEM private key");
  }
  if (X509_check_private_key(cert, key.get()) != 1) {
    ERR_clear_error();
    throw UsageError("TLS key " + f.key + " does not match the certificate " + f.cert);
  }

  // Validity period.
  if (X509_cmp_current_time(X509_get0_notBefore(cert)) >= 0)
    throw UsageError("TLS certificate " + f.cert + " is not yet valid (valid from " +
                     asn1_time(X509_get0_notBefore(cert)) + ")");
  if (X509_cmp_current_time(X509_get0_notAfter(cert)) <= 0)
    throw UsageError("TLS certificate " + f.cert + " expired on " +
                     asn1_time(X509_get0_notAfter(cert)));

  // Extended key usage for our role (absent EKU means any use).
  uint32_t xku = X509_get_extended_key_usage(cert);
  uint32_t need = server ? XKU_SSL_SERVER : XKU_SSL_CLIENT;
  if ((xku & need) == 0)
    throw UsageError("TLS certificate " + f.cert + " cannot be used by a " +
                     (server ? "server" : "client") + ": its extended key usage lacks " +
                     (server ? "serverAuth" : "clientAuth"));

  // The CA, and the certificate must chain to it.
  const std::string ca_pem = read_file("CA", f.ca);
  auto cas = read_certs(ca_pem);
  if (cas.empty()) throw UsageError("TLS CA " + f.ca + " is not a PEM certificate");
  std::unique_ptr<X509_STORE, StoreFree> store(X509_STORE_new());
  for (auto& c : cas) X509_STORE_add_cert(store.get(), c.get());
  STACK_OF(X509)* untrusted = sk_X509_new_null();
  for (size_t i = 1; i < chain.size(); ++i) sk_X509_push(untrusted, chain[i].get());
  std::unique_ptr<X509_STORE_CTX, StoreCtxFree> vctx(X509_STORE_CTX_new());
  X509_STORE_CTX_init(vctx.get(), store.get(), cert, untrusted);
  X509_STORE_CTX_set_purpose(vctx.get(),
                             server ? X509_PURPOSE_SSL_SERVER : X509_PURPOSE_SSL_CLIENT);
  int ok = X509_verify_cert(vctx.get());
  int verr = X509_STORE_CTX_get_error(vctx.get());
  sk_X509_free(untrusted);
  if (ok != 1) {
    ERR_clear_error();
    throw UsageError("TLS certificate " + f.cert + " is not signed by the CA in " + f.ca + " (" +
                     X509_verify_cert_error_string(verr) + ")");
  }

  // The context itself.
  SSL_CTX* ctx = SSL_CTX_new(server ? TLS_server_method() : TLS_client_method());
  if (!ctx) throw UsageError("cannot create a TLS context: " + openssl_reason());
  std::shared_ptr<TlsContext> out(new TlsContext(ctx, server, subject_of(cert)));
  SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
  SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER |
                            SSL_MODE_RELEASE_BUFFERS);
  SSL_CTX_set_options(ctx, SSL_OP_NO_TICKET | SSL_OP_NO_RENEGOTIATION);
  SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
  if (server) SSL_CTX_set_num_tickets(ctx, 0);
  if (SSL_CTX_use_certificate(ctx, cert) != 1)
    throw UsageError("TLS certificate " + f.cert + " cannot be used: " + openssl_reason());
  for (size_t i = 1; i < chain.size(); ++i) {
    X509_up_ref(chain[i].get());
    if (SSL_CTX_add_extra_chain_cert(ctx, chain[i].get()) != 1) {
      X509_free(chain[i].get());
      throw UsageError("TLS certificate " + f.cert + " has an unusable chain: " + openssl_reason());
    }
  }
  if (SSL_CTX_use_PrivateKey(ctx, key.get()) != 1 || SSL_CTX_check_private_key(ctx) != 1)
    throw UsageError("TLS key " + f.key + " cannot be used: " + openssl_reason());
  X509_STORE* trust = SSL_CTX_get_cert_store(ctx);
  for (auto& c : cas) X509_STORE_add_cert(trust, c.get());
  if (server) {
    STACK_OF(X509_NAME)* names = sk_X509_NAME_new_null();
    for (auto& c : cas) sk_X509_NAME_push(names, X509_NAME_dup(X509_get_subject_name(c.get())));
    SSL_CTX_set_client_CA_list(ctx, names);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nullptr);
    SSL_CTX_set_purpose(ctx, X509_PURPOSE_SSL_CLIENT);  // clients must be clientAuth
  } else {
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
    SSL_CTX_set_purpose(ctx, X509_PURPOSE_SSL_SERVER);  // the server must be serverAuth
  }
  ERR_clear_error();
  return out;
}

}  // namespace mai::transport
