#include "transport/identity.hpp"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

namespace mai::transport {

std::string PeerIdentity::display() const {
  if (tls) return subject;
  return "plain-tcp " + address;
}

std::string subject_of(X509* cert) {
  if (!cert) return {};
  BIO* bio = BIO_new(BIO_s_mem());
  if (!bio) return {};
  std::string out;
  if (X509_NAME_print_ex(bio, X509_get_subject_name(cert), 0, XN_FLAG_RFC2253) >= 0) {
    char* data = nullptr;
    long n = BIO_get_mem_data(bio, &data);
    if (n > 0 && data) out.assign(data, static_cast<size_t>(n));
  }
  BIO_free(bio);
  return out;
}

std::string fingerprint_of(X509* cert) {
  if (!cert) return {};
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (X509_digest(cert, EVP_sha256(), md, &n) != 1) return {};
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(n * 2);
  for (unsigned int i = 0; i < n; ++i) {
    out.push_back(hex[md[i] >> 4]);
    out.push_back(hex[md[i] & 15]);
  }
  return out;
}

std::vector<std::string> subject_attributes(const std::string& s) {
  std::vector<std::string> out(1);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ',') {
      out.emplace_back();
    } else if (s[i] == '\\' && i + 1 < s.size()) {
      out.back() += s[i];
      out.back() += s[++i];
    } else {
      out.back() += s[i];
    }
  }
  return out;
}

}  // namespace mai::transport
