// Who is at the other end of a tunnel, as established by the TLS handshake.
#pragma once
#include <string>
#include <vector>

typedef struct x509_st X509;

namespace mai::transport {

struct PeerIdentity {
  bool tls = false;
  std::string subject;  // RFC 2253 subject of the verified client certificate; empty for plain TCP
  std::string fingerprint;  // lowercase hex SHA-256 of the certificate DER; empty for plain TCP
  std::string address;      // "ip:port" of the peer
  // "CN=mai-1,O=Example" for TLS, "plain-tcp 127.0.0.1:40312" for plain TCP.
  std::string display() const;
};

// RFC 2253 rendering of a certificate's subject ("CN=mai-1,OU=workers").
std::string subject_of(X509* cert);
// The attributes of an RFC 2253 subject ("CN=x", "OU=workers"), split at
// unescaped commas; escapes are kept, so a CN holding "\\,OU=workers" stays
// one attribute.
std::vector<std::string> subject_attributes(const std::string& subject);

// Lowercase hex SHA-256 of the certificate's DER encoding.
std::string fingerprint_of(X509* cert);

}  // namespace mai::transport
