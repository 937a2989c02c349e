#include "audit/files_record.hpp"

#include <algorithm>

#include "audit/canonical_json.hpp"
#include "common/sha256.hpp"
#include "model/json_codec.hpp"

namespace mai::audit {

namespace {

// What Log::commit keeps free of a record's data (log_commit.cpp), and some
// room for the count's digits and a delivered event's origin.
constexpr uint64_t kRecordMargin = 1024 + 512;

}  // namespace

void add_files_record(json& end, const FileManifest& manifest, uint64_t max_record_bytes) {
  json all = to_json(manifest);
  end["files_sha256"] = sha256_hex(all.dump());
  end["files_unrecorded"] = uint64_t{0};
  end["files"] = json::array();
  const std::string note = "the manifest's other entries are left out of this record: they would "
                           "pass its share of audit.yaml max_record (" + std::to_string(max_record_bytes) +
                           " bytes); the result lists them, files_sha256 binds them";
  // The record as it would be with no entry and the note: what the entries may add to it.
  json bare = end;
  bare["files_note"] = note;
  uint64_t base = canonical_json(bare, Floats::as_strings).size() + kRecordMargin;
  uint64_t budget = max_record_bytes > base ? std::min(kFilesRecordShare, max_record_bytes - base) : 0;
  json kept = json::array();
  uint64_t used = 0;
  for (auto& entry : all) {
    uint64_t size = canonical_json(entry, Floats::as_strings).size() + 1;  // and its comma
    if (used + size > budget) break;
    used += size;
    kept.push_back(std::move(entry));
  }
  uint64_t left_out = all.size() - kept.size();
  end["files_unrecorded"] = manifest.unlisted + left_out;
  if (left_out > 0) end["files_note"] = note;
  end["files"] = std::move(kept);
}

}  // namespace mai::audit
