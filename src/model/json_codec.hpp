// The contract's JSON form of the model types (and back, for clients that
// read results produced elsewhere).
#pragma once
#include "common/json.hpp"
#include "model/result.hpp"

namespace mai {

json to_json(const Finding& f);
json to_json(const Assessment& a);
// name, language, level and sha256 of each program input assessed with the
// code (the assessment's and the override's "inputs").
json assessed_inputs_json(const std::vector<AssessedInput>& inputs);
json to_json(const Limits& l);
json to_json(const ResourceSample& s);
json to_json(const NetworkEvent& e);
json to_json(const ExecutionReport& r);
// The manifest's entries as the result and the audit log show them (never the
// contents); the unlisted count and note are the caller's to add.
json to_json(const FileManifest& m);
json to_json(const RefusedWrites& w);
// name, size and sha256 of each input (the submission record's "inputs").
json inputs_json(const std::vector<InputFile>& inputs);
json to_json(const AuditReceipt& r);
json to_json(const RunResult& r);

// The exit status `run` ends with in plain mode, as the contract defines it.
int plain_exit_status(const RunResult& r);

}  // namespace mai
