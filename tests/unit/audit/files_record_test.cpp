// The manifest's share of an execution.end record follows audit.yaml
// max_record: a run that left 10,000 files is recorded by a log whose
// max_record is 16 KiB (entries left out, counted, and said why), while the
// whole manifest in one record is refused by that same log.
#include <gtest/gtest.h>

#include "audit/canonical_json.hpp"
#include "audit/error.hpp"
#include "audit/event_types.hpp"
#include "audit/files_record.hpp"
#include "common/sha256.hpp"
#include "model/json_codec.hpp"
#include "test_util.hpp"

using namespace mai;
using namespace mai::audit;
using namespace mai::audit::testing;

namespace {

FileManifest many_files(size_t n) {
  FileManifest m;
  for (size_t i = 0; i < n; ++i) {
    FileRecord r;
    r.path = "/sandbox/many/" + std::to_string(100000 + i);
    r.kind = "file";
    r.size = 6;
    r.sha256 = sha256_hex(std::to_string(i));
    m.files.push_back(r);
  }
  return m;
}

json end_record() {
  return {{"run_id", "0123456789abcdef"}, {"termination", "exited"}, {"exit_code", 0}, {"wall_ms", 12}};
}

}  // namespace

TEST(AuditFilesRecord, SmallMaxRecordKeepsWhatFitsAndCountsTheRest) {
  TempDir dir;
  auto cfg = default_config();
  cfg.max_record_bytes = 16 << 10;
  auto log = Log::open(dir.path(), cfg, true);
  FileManifest m = many_files(10000);
  m.unlisted = 7;  // past files.max_listed already

  json whole = end_record();
  whole["files"] = to_json(m);
  EXPECT_THROW(log->append({ev(events::execution_end, "r", whole)}), AuditError);

  json end = end_record();
  add_files_record(end, m, cfg.max_record_bytes);
  size_t kept = end["files"].size();
  EXPECT_GT(kept, 10u);
  EXPECT_LT(kept, 10000u);
  EXPECT_EQ(end["files_unrecorded"], 7u + (10000u - kept));
  EXPECT_NE(end["files_note"].get<std::string>().find("max_record"), std::string::npos);
  EXPECT_EQ(end["files_sha256"], sha256_hex(to_json(m).dump()));
  EXPECT_EQ(end["files"][0], to_json(m)[0]);  // the first ones, as the result shows them
  EXPECT_LE(canonical_json(end, Floats::as_strings).size() + 1024, cfg.max_record_bytes);
  EXPECT_NO_THROW(log->append({ev(events::execution_end, "r", end)}));
}

TEST(AuditFilesRecord, EverythingWhenItFitsAndNeverMoreThanTheShare) {
  FileManifest few = many_files(3);
  json end = end_record();
  add_files_record(end, few, 8 << 20);
  EXPECT_EQ(end["files"].size(), 3u);
  EXPECT_EQ(end["files_unrecorded"], 0u);
  EXPECT_FALSE(end.contains("files_note"));

  // A huge max_record still gives the entries at most their fixed share.
  FileManifest lots = many_files(20000);  // ~150 bytes each: about 3 MiB
  json big = end_record();
  add_files_record(big, lots, 64ull << 20);
  EXPECT_LE(canonical_json(big["files"], Floats::as_strings).size(), kFilesRecordShare);
  EXPECT_GT(big["files_unrecorded"].get<uint64_t>(), 0u);

  // A max_record the rest of the record already fills: no entry, all counted.
  json none = end_record();
  add_files_record(none, few, 512);
  EXPECT_EQ(none["files"].size(), 0u);
  EXPECT_EQ(none["files_unrecorded"], 3u);
}
