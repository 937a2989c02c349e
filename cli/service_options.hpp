// What `serve`, `worker` and `submit` share: the TLS options and the service
// configuration.
#pragma once
#include <CLI/CLI.hpp>

#include <signal.h>

#include <string>

#include "config/config_source.hpp"
#include "config/service_config.hpp"
#include "mai_sandbox_client.hpp"
#include "node/node_config.hpp"
#include "transport/tls_context.hpp"

namespace mai::cli {

struct TlsOptions {
  std::string cert, key, ca;
  transport::TlsFiles files() const { return {cert, key, ca}; }
};

// --tls-cert, --tls-key, --tls-ca.
void add_tls_options(CLI::App& cmd, TlsOptions& tls);

// config/service.yaml, checked against sandbox.yaml (node/node_config.hpp).
using node::fit_files_to_messages;
using node::load_service_config;


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
