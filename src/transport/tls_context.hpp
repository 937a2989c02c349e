// TLS configuration for the transport: one SSL_CTX per role, validated up
// front so that a bad certificate, key or CA is a clear usage error at start-up
// instead of a failed (or hung) connection later.
#pragma once
#include <memory>
#include <string>

typedef struct ssl_ctx_st SSL_CTX;

namespace mai::transport {

// The three PEM files of one endpoint. All three or none.
struct TlsFiles {
  std::string cert;  // certificate (optionally followed by intermediates)
  std::string key;   // unencrypted private key
  std::string ca;    // the deployment's CA: peers must chain to it
  bool empty() const { return cert.empty() && key.empty() && ca.empty(); }
  bool complete() const { return !cert.empty() && !key.empty() && !ca.empty(); }
};

// Wraps an SSL_CTX; immutable after construction and safe to share between
// threads and connections.
//
// Both roles: TLS 1.3 only, the peer must present a certificate that chains to
// the CA (SSL_VERIFY_PEER, plus SSL_VERIFY_FAIL_IF_NO_PEER_CERT on the server),
// the peer's extended key usage is checked (a server must be serverAuth, a
// client clientAuth), no session tickets or resumption (every tunnel does a
// full handshake, so the identity always comes from a verified certificate).
// The client also checks the server certificate's SAN against the host it
// dialed (see TunnelClient).
class TlsContext {
 public:
  // Validate the files and build the context. Throws mai::UsageError naming
  // the file and the problem: missing or unreadable file, not PEM, encrypted
  // key, key not matching the certificate, certificate expired or not yet
  // valid, certificate not signed by the CA, wrong extended key usage, or a
  // partial set of files.
  static std::shared_ptr<TlsContext> server(const TlsFiles& files);
  static std::shared_ptr<TlsContext> client(const TlsFiles& files);

  SSL_CTX* native() const { return ctx_; }
  bool is_server() const { return server_; }
  // Subject (RFC 2253) of our own certificate, for logs.
  const std::string& own_subject() const { return subject_; }

  ~TlsContext();
  TlsContext(const TlsContext&) = delete;
  TlsContext& operator=(const TlsContext&) = delete;

 private:
  TlsContext(SSL_CTX* ctx, bool server, std::string subject)
      : ctx_(ctx), server_(server), subject_(std::move(subject)) {}
  static std::shared_ptr<TlsContext> make(const TlsFiles& files, bool server);

  SSL_CTX* ctx_;
  bool server_;
  std::string subject_;
};

}  // namespace mai::transport
