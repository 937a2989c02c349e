#include "cli/service_options.hpp"

namespace mai::cli {

void add_tls_options(CLI::App& cmd, TlsOptions& tls) {
  cmd.add_option("--tls-cert", tls.cert, "Certificate (PEM) of this end, signed by the CA");
  cmd.add_option("--tls-key", tls.key, "Private key (PEM, unencrypted) of this end");
  cmd.add_option("--tls-ca", tls.ca, "The deployment's CA (PEM); the other end must chain to it");
}

sigset_t block_stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  ::signal(SIGPIPE, SIG_IGN);
  return set;
}

client::Options client_options(const std::string& server, const TlsOptions& tls,
                               const config::ServiceConfig& service) {
  client::Options c;
  c.server = server;
  c.tls_cert = tls.cert;
  c.tls_key = tls.key;
  c.tls_ca = tls.ca;
  c.connect_timeout = std::chrono::milliseconds(service.connect_timeout_ms);
  c.heartbeat_interval = std::chrono::milliseconds(service.heartbeat_interval_ms);
  c.heartbeat_timeout = std::chrono::milliseconds(service.heartbeat_timeout_ms);
  return c;
}

}  // namespace mai::cli
