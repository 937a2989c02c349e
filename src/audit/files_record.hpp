// The file manifest in a run's execution.end record. Every entry goes in
// while they fit the record's share for them: at most 1 MiB, and never more
// than audit.yaml max_record leaves once the rest of the record is counted,
// so a small max_record cannot make the log refuse a run that left many
// files. The entries left out are counted (files_unrecorded) and a note
// says why; files_sha256 binds the whole manifest as the result shows it
// (to_json(FileManifest), dumped) to the log either way.
#pragma once
#include <cstdint>

#include "common/json.hpp"
#include "model/run_files.hpp"

namespace mai::audit {

// The most the entries take of a record, whatever max_record allows.
constexpr uint64_t kFilesRecordShare = 1u << 20;

// Adds files, files_sha256, files_unrecorded (and files_note when entries
// were left out) to `end`, which must hold everything else of the record.
void add_files_record(json& end, const FileManifest& manifest, uint64_t max_record_bytes);

}  // namespace mai::audit
