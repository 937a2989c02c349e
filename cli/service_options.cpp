#include "cli/service_options.hpp"

#include <algorithm>

#include "common/units.hpp"
#include "config/sandbox_config.hpp"

namespace mai::cli {

void add_tls_options(CLI::App& cmd, TlsOptions& tls) {
  cmd.add_option("--tls-cert", tls.cert, "Certificate (PEM) of this end, signed by the CA");
  cmd.add_option("--tls-key", tls.key, "Private key (PEM, unencrypted) of this end");
  cmd.add_option("--tls-ca", tls.ca, "The deployment's CA (PEM); the other end must chain to it");
}

config::ServiceConfig load_service_config(const config::Source& source) {
  auto node = source.load("service.yaml");
  auto service = config::parse_service_config(node);
  auto sandbox = config::parse_sandbox_config(source.load("sandbox.yaml"));
  // A submission travels in one message, with room for its other fields.
  if (service.max_message_bytes < sandbox.max_code_bytes + 64 * 1024)
    node["clients"]["max_message"].fail(
        "must exceed submission.max_code of sandbox.yaml (" + format_size(sandbox.max_code_bytes) +
        ") by at least 64KiB");
  return service;
}

void fit_files_to_messages(config::SandboxConfig& sandbox, const config::ServiceConfig& service) {
  auto& f = sandbox.files;
  uint64_t room = service.max_message_bytes - std::min(service.max_message_bytes,
                                                       sandbox.max_code_bytes + 64 * 1024);
  f.max_inputs_bytes = std::min(f.max_inputs_bytes, room);
  f.max_output_total_bytes = std::min(f.max_output_total_bytes, service.max_message_bytes / 4);
  f.max_output_file_bytes = std::min(f.max_output_file_bytes, f.max_output_total_bytes);
  f.max_listing_bytes = service.max_message_bytes / 4;
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
