#include "model/json_codec.hpp"

#include "common/sha256.hpp"
#include "common/utf8.hpp"

namespace mai {

// Fields that can hold bytes from outside (code, program output, what a
// sandboxed program sent the proxy) go through put_bytes(): valid UTF-8 as it
// is, anything else as readable text plus its exact bytes in `<key>_base64`.

json to_json(const Finding& f) {
  json out = {{"rule_id", f.rule_id},
              {"level", to_string(f.level)},
              {"line", f.line},
              {"column", f.column}};
  put_bytes(out, "message", f.message);
  put_bytes(out, "snippet", f.snippet);
  if (!f.evidence.empty()) {
    json chain = json::array();
    for (const auto& e : f.evidence) {
      json step = {{"line", e.line}, {"column", e.column}};
      put_bytes(step, "what", e.what);
      chain.push_back(std::move(step));
    }
    out["evidence"] = std::move(chain);
  }
  if (!f.file.empty()) put_bytes(out, "file", f.file);
  return out;
}

json assessed_inputs_json(const std::vector<AssessedInput>& inputs) {
  json out = json::array();
  for (const auto& in : inputs) {
    json e = {{"language", to_string(in.language)}, {"level", to_string(in.level)}, {"sha256", in.sha256}};
    put_bytes(e, "name", in.name);
    out.push_back(std::move(e));
  }
  return out;
}

json to_json(const Assessment& a) {
  json findings = json::array();
  for (const auto& f : a.findings) findings.push_back(to_json(f));
  json out = {{"level", to_string(a.level)}, {"findings", findings}, {"duration_us", a.duration_us}};
  if (!a.explanation.empty()) put_bytes(out, "explanation", a.explanation);
  if (!a.code_sha256.empty()) out["code_sha256"] = a.code_sha256;
  if (!a.inputs.empty()) out["inputs"] = assessed_inputs_json(a.inputs);
  if (!a.complete) out["complete"] = false;
  return out;
}

json to_json(const Limits& l) {
  return {{"cpus", l.cpus},
          {"memory_bytes", l.memory_bytes},
          {"pids", l.pids},
          {"timeout_ms", l.timeout_ms},
          {"tmpfs_bytes", l.tmpfs_bytes},
          {"output_bytes", l.output_bytes}};
}

json to_json(const ResourceSample& s) {
  return {{"time_us", s.time_us}, {"memory_bytes", s.memory_bytes}, {"cpu_ms", s.cpu_ms},
          {"pids", s.pids},       {"disk_bytes", s.disk_bytes}};
}

json to_json(const NetworkEvent& e) {
  json out = {{"decision", e.decision},
              {"port", e.port},
              {"bytes_up", e.bytes_up},
              {"bytes_down", e.bytes_down}};
  put_bytes(out, "method", e.method);
  put_bytes(out, "host", e.host);
  put_bytes(out, "reason", e.reason);
  return out;
}

json to_json(const FileManifest& m) {
  json files = json::array();
  for (const auto& f : m.files) {
    json e = {{"kind", f.kind}, {"size", f.size}, {"changed_input", f.changed_input}};
    put_bytes(e, "path", f.path);
    e["sha256"] = f.sha256.empty() ? json(nullptr) : json(f.sha256);
    if (f.links > 1) e["links"] = f.links;
    if (f.kind == "symlink") put_bytes(e, "link_target", f.link_target);
    if (f.content_included) e["content_included"] = true;
    if (!f.note.empty()) put_bytes(e, "note", f.note);
    files.push_back(std::move(e));
  }
  return files;
}

json to_json(const RefusedWrites& w) {
  json first = json::array();
  for (const auto& f : w.first) {
    json e = {{"call", f.call}};
    put_bytes(e, "path", f.path);
    if (f.path_truncated) e["path_truncated"] = true;
    first.push_back(std::move(e));
  }
  json out = {{"counted", w.counted}, {"count", w.counted ? json(w.count) : json(nullptr)}, {"first", first}};
  if (!w.note.empty()) put_bytes(out, "note", w.note);
  return out;
}

json inputs_json(const std::vector<InputFile>& inputs) {
  json out = json::array();
  for (const auto& in : inputs) {
    json e = {{"size", in.data.size()}, {"sha256", sha256_hex(in.data)}};
    put_bytes(e, "name", in.name);
    out.push_back(std::move(e));
  }
  return out;
}

json to_json(const ExecutionReport& r) {
  json events = json::array();
  for (const auto& e : r.network_events) events.push_back(to_json(e));
  json out = {{"backend", to_string(r.backend)},
              {"worker", r.worker},
              {"exit_code", r.exit_code},
              {"signal", r.signal ? json(*r.signal) : json(nullptr)},
              {"termination", to_string(r.termination)},
              {"stdout_truncated", r.stdout_truncated},
              {"stderr_truncated", r.stderr_truncated},
              {"wall_ms", r.wall_ms},
              {"cpu_ms", r.cpu_ms},
              {"peak_memory_bytes", r.peak_memory_bytes},
              {"max_pids", r.max_pids},
              {"trust", to_string(r.trust)},
              {"network", to_string(r.network)},
              {"limits", to_json(r.limits)},
              {"isolation", r.isolation},
              {"network_events", events}};
  put_bytes(out, "stdout", r.stdout_data);
  put_bytes(out, "stderr", r.stderr_data);
  if (!r.violation.empty()) put_bytes(out, "violation", r.violation);
  if (r.last_sample) out["last_sample"] = to_json(*r.last_sample);
  out["files"] = to_json(r.files);
  out["files_unlisted"] = r.files.unlisted;
  if (!r.files.note.empty()) put_bytes(out, "files_note", r.files.note);
  out["refused_writes"] = to_json(r.refused_writes);
  return out;
}

json to_json(const AuditReceipt& r) {
  return {{"seq_first", r.seq_first}, {"seq_last", r.seq_last}, {"tree_size", r.tree_size},
          {"root_hash", r.root_hash}, {"signature", r.signature}, {"key_id", r.key_id},
          {"timestamp_us", r.timestamp_us}};
}

json to_json(const RunResult& r) {
  json error = nullptr;
  if (r.error) {
    error = {{"code", r.error->code}};
    put_bytes(error, "message", r.error->message);
  }
  return {{"request_id", r.request_id},
          {"status", to_string(r.status)},
          {"assessment", to_json(r.assessment)},
          {"execution", r.execution ? to_json(*r.execution) : json(nullptr)},
          {"audit", r.audit ? to_json(*r.audit) : json(nullptr)},
          {"error", error},
          {"policy_notes", r.policy_notes}};
}

int plain_exit_status(const RunResult& r) {
  switch (r.status) {
    case RunStatus::blocked: return 3;
    case RunStatus::rejected:  // nothing ran: refused (overloaded, too large)
    case RunStatus::failed: return 125;
    case RunStatus::completed: break;
  }
  return r.execution ? r.execution->exit_code : 125;
}

}  // namespace mai
