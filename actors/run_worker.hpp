// One sandboxed run, start to end, on its own thread: record the start,
// launch, let the monitor watch, wait, collect the monitor's verdict, record
// the end, answer with the report. The sandbox is gone when it answers.
#pragma once
#include <memory>
#include <string>

#include "actors/protocol.hpp"
#include "sandbox/sandbox.hpp"

namespace mai::actors {

struct RunWorkerDeps {
  std::shared_ptr<sandbox::Backend> native;
  std::shared_ptr<sandbox::Backend> docker;  // null where no Docker backend is configured
  monitor_actor monitor;
  network_proxy_actor network_proxy;
  auditor_actor auditor;
  std::string scratch_root;
  uint64_t output_flood_bytes = 0;
  std::string worker_name;
  uint64_t audit_max_record_bytes = 8u << 20;  // audit.yaml max_record: execution.end fits it
};

void run_worker(caf::blocking_actor* self, RunWorkerDeps deps);

}  // namespace mai::actors
