// What `serve`, `worker` and `submit` share: the TLS options and the service
// configuration.
#pragma once
#include <CLI/CLI.hpp>

#include <signal.h>

#include <string>

#include "config/config_source.hpp"
#include "config/sandbox_config.hpp"
#include "config/service_config.hpp"
#include "mai_sandbox_client.hpp"
#include "transport/tls_context.hpp"

namespace mai::cli {

struct TlsOptions {
  std::string cert, key, ca;
  transport::TlsFiles files() const { return {cert, key, ca}; }
};

// --tls-cert, --tls-key, --tls-ca.
void add_tls_options(CLI::App& cmd, TlsOptions& tls);

// config/service.yaml; checks that its message limit leaves room for the
// largest submission config/sandbox.yaml allows.
config::ServiceConfig load_service_config(const config::Source& source);

// Files travel in one message each way (inputs in the submission, the
// manifest and its contents in the result), so through the service they fit
// clients.max_message: inputs get what the code leaves of it, less 64KiB;
// contents a quarter of it, the listing another quarter (stdout and stderr
// have the rest).
void fit_files_to_messages(config::SandboxConfig& sandbox, const config::ServiceConfig& service);

// Blocks SIGINT, SIGTERM and SIGHUP in this thread and so in every thread
// started after it (RocksDB's, CAF's, the tunnel's), for sigwait() in the
// main thread; ignores SIGPIPE (a peer that vanishes mid-write is not our
// death). Call first thing. Returns the blocked set.
sigset_t block_stop_signals();

// The client library's options for `submit` and `status`: the server, this
// end's TLS files, and the timeouts and heartbeats of config/service.yaml.
client::Options client_options(const std::string& server, const TlsOptions& tls,
                               const config::ServiceConfig& service);

}  // namespace mai::cli
