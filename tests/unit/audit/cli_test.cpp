// The audit command of the real mai-sandbox binary end to end, and the export
// checked by the independent Python verifier, tools/verify_export.py.
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <sys/wait.h>

#include <cstdio>

#include "audit/diff.hpp"
#include "audit/event_types.hpp"
#include "audit/log.hpp"
#include "audit/record.hpp"
#include "audit/spool.hpp"
#include "audit/store.hpp"
#include "common/encoding.hpp"
#include "common/files.hpp"
#include "common/sha256.hpp"
#include "model/json_codec.hpp"
#include "test_util.hpp"

namespace mai::audit {

using testing::default_config;
using testing::ev;
using testing::TempDir;

namespace {

struct Run {
  int status;
  std::string out;
};

Run run(const std::string& cmd) {
  Run r{-1, ""};
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = ::pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string source_dir() {
  const char* env = std::getenv("MAI_SOURCE_DIR");
  return env ? env : MAI_AUDIT_SOURCE_DIR;
}

std::string cli(const std::string& state) {
  return std::string(MAI_BINARY_DIR) + "/bin/mai-sandbox --state " + state + " audit ";
}

std::string verifier() { return "/usr/bin/python3 " + source_dir() + "/tools/verify_export.py "; }

// A log with every kind of content: floats, unicode, control characters,
// overrides, a rotation, diffs, and a receipt for the last request.
AuditReceipt populate(const std::string& state) {
  auto log = Log::open(state, default_config(), false);
  log->append({ev(events::service_start, "", {{"version", "0.1.0"}})});
  AuditReceipt receipt;
  std::string parent;
  for (int i = 0; i < 6; ++i) {
    std::string id = "req-" + std::to_string(i);
    std::string code = "print('h\xc3\xa9llo \xf0\x9f\x98\x80')\n# \t\x01 \"quoted\" \\ /\nx = " + std::to_string(i) + "\n";
    std::vector<Event> evs;
    evs.push_back(i == 0 ? submission_event(id, code, {{"lang", "python"}})
                         : submission_event(id, code, {{"lang", "python"}}, "req-" + std::to_string(i - 1), parent));
    parent = code;
    bool blocked = i % 3 == 2;
    evs.push_back(ev(events::assessment, id, {{"level", blocked ? "BLOCKED" : "LOW"}, {"findings", json::array()}}));
    if (blocked)
      evs.push_back(ev(events::override_granted, id,
                       {{"reason", "operator says so"}, {"given_by", "cli"}, {"code_sha256", sha256_hex(code)}}));
    evs.push_back(ev(events::execution_start, id, {{"limits", {{"cpus", 0.5}, {"memory_bytes", 1 << 28}}}}));
    evs.push_back(ev(events::network, id, {{"decision", "deny"}, {"host", "example.com"}, {"port", 443}}));
    evs.push_back(ev(events::execution_end, id, {{"termination", "exited"}, {"exit_code", 0}, {"wall_ms", 12}}));
    evs.push_back(ev(events::result, id, {{"status", "completed"}}));
    receipt = log->append_and_sign(evs);
    if (i == 3) log->rotate_key();
  }
  return receipt;
}

}  // namespace

TEST(AuditCli, VerifyNamesTheChangedRecord) {
  TempDir dir;
  populate(dir.path());
  auto ok = run(cli(dir.path()) + "verify");
  EXPECT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("audit log intact"), std::string::npos) << ok.out;
  {
    auto s = Store::open(db_dir_for(dir.path()), Store::Mode::write, 5000);
    std::string bytes = *s->get_record(9);
    auto pos = bytes.find("LOW");
    if (pos == std::string::npos) pos = bytes.size() / 2;
    bytes[pos] = 'X';  // one byte
    s->raw_put(store_keys::record(9), bytes);
  }
  auto bad = run(cli(dir.path()) + "verify");
  EXPECT_EQ(bad.status, 1) << bad.out;
  EXPECT_NE(bad.out.find("at record 9"), std::string::npos) << bad.out;
  auto js = run(cli(dir.path()) + "verify --json");
  EXPECT_EQ(js.status, 1);
  auto j = json::parse(js.out);
  EXPECT_EQ(j["first_bad_seq"], 9);
  EXPECT_FALSE(j["ok"].get<bool>());
}

TEST(AuditCli, ReceiptPubkeyShowProve) {
  TempDir dir;
  auto receipt = populate(dir.path());
  std::string result = dir.path() + "/result.json";
  write_file_atomic(result, json{{"request_id", "req-5"}, {"audit", to_json(receipt)}}.dump());
  auto pub = run(cli(dir.path()) + "pubkey");
  EXPECT_EQ(pub.status, 0);
  write_file_atomic(dir.path() + "/audit.pub", pub.out);
  auto r = run(cli(dir.path()) + "verify --pubkey " + dir.path() + "/audit.pub --receipt " + result);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("receipt"), std::string::npos) << r.out;

  auto show = run(cli(dir.path()) + "show --request req-2");
  EXPECT_EQ(show.status, 0);
  EXPECT_NE(show.out.find("override"), std::string::npos) << show.out;
  auto typed = run(cli(dir.path()) + "show --type execution.end --json");
  EXPECT_EQ(json::parse(typed.out).size(), 6u);
  auto limited = run(cli(dir.path()) + "show --limit 2 --json");
  EXPECT_EQ(json::parse(limited.out).size(), 2u);
  auto since = run(cli(dir.path()) + "show --since 2000-01-01 --type result --json");
  EXPECT_EQ(json::parse(since.out).size(), 6u);
  EXPECT_EQ(run(cli(dir.path()) + "show --since yesterday").status, 2);
  EXPECT_EQ(json::parse(run(cli(dir.path()) + "show --since 1h --type result --json").out).size(), 6u);

  auto prove = run(cli(dir.path()) + "prove 7 --tree-size 20");
  ASSERT_EQ(prove.status, 0) << prove.out;
  EXPECT_EQ(json::parse(prove.out)["tree_size"], 20);
  auto latest = json::parse(run(cli(dir.path()) + "prove 3").out);
  EXPECT_EQ(latest["tree_size"], receipt.tree_size);  // the newest signed tree head
  EXPECT_EQ(latest["tree_head"]["root_hash"], receipt.root_hash);
  auto cons = run(cli(dir.path()) + "consistency 5 30");
  ASSERT_EQ(cons.status, 0) << cons.out;
  EXPECT_FALSE(json::parse(cons.out)["consistency_path"].empty());
  // Both proofs check out offline, from the format document alone.
  std::string checker = "/usr/bin/python3 " + source_dir() + "/tools/audit_verify_proof.py --pubkey " +
                        dir.path() + "/audit.pub ";
  write_file_atomic(dir.path() + "/prove.json", prove.out);
  write_file_atomic(dir.path() + "/cons.json", cons.out);
  auto pv = run(checker + dir.path() + "/prove.json");
  EXPECT_EQ(pv.status, 0) << pv.out;
  auto cv = run(checker + dir.path() + "/cons.json");
  EXPECT_EQ(cv.status, 0) << cv.out;
  write_file_atomic(dir.path() + "/latest.json", latest.dump());
  auto lv = run(checker + dir.path() + "/latest.json");
  EXPECT_EQ(lv.status, 0) << lv.out;
  EXPECT_NE(lv.out.find("signed"), std::string::npos) << lv.out;
  auto forged = json::parse(prove.out);
  forged["record"]["type"] = "forged";
  write_file_atomic(dir.path() + "/forged.json", forged.dump());
  EXPECT_EQ(run(checker + dir.path() + "/forged.json").status, 1);
  forged = json::parse(cons.out);
  forged["consistency_path"][0] = std::string(64, '0');
  write_file_atomic(dir.path() + "/forged.json", forged.dump());
  EXPECT_EQ(run(checker + dir.path() + "/forged.json").status, 1);

  EXPECT_EQ(run(cli(dir.path()) + "prove 100000").status, 2);
  EXPECT_EQ(run(cli(dir.path()) + "consistency 9 3").status, 2);
  EXPECT_EQ(run(cli(dir.path()) + "prove").status, 2);
  EXPECT_EQ(run(cli(dir.path()) + "export --format csv").status, 2);
}

TEST(AuditCli, ClearErrorsNeverCrashes) {
  TempDir dir;
  auto none = run(cli(dir.path()) + "verify");
  EXPECT_EQ(none.status, 2) << none.out;
  populate(dir.path());
  write_file_atomic(dir.path() + "/junk.pem", "-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----\n");
  auto junk = run(cli(dir.path()) + "verify --pubkey " + dir.path() + "/junk.pem");
  EXPECT_EQ(junk.status, 2) << junk.out;
  EXPECT_NE(junk.out.find("not a PEM public key"), std::string::npos) << junk.out;
  ::chmod((dir.path() + "/audit/signing-key.pem").c_str(), 0644);
  auto perms = run(cli(dir.path()) + "keygen");
  EXPECT_EQ(perms.status, 2) << perms.out;
  EXPECT_NE(perms.out.find("chmod 600"), std::string::npos) << perms.out;
}

TEST(AuditExport, IndependentVerifierAcceptsAnIntactExportAndNamesTampering) {
  TempDir dir;
  auto receipt = populate(dir.path());
  {
    auto log = Log::open(dir.path(), default_config(), false);
    log->prune_before(9);  // the export then starts from a checkpoint
  }
  std::string exp = dir.path() + "/log.jsonl", pub = dir.path() + "/audit.pub";
  std::string result = dir.path() + "/result.json";
  write_file_atomic(result, json{{"audit", to_json(receipt)}}.dump());
  ASSERT_EQ(run(cli(dir.path()) + "export --format jsonl -o " + exp).status, 0);
  ASSERT_EQ(run(cli(dir.path()) + "pubkey > " + pub).status, 0);
  auto ok = run(verifier() + "--pubkey " + pub + " --receipt " + result + " " + exp);
  ASSERT_EQ(ok.status, 0) << ok.out;
  EXPECT_NE(ok.out.find("export intact"), std::string::npos) << ok.out;

  // Every line matches the published schemas (when python3-jsonschema is there).
  std::string checker = "/usr/bin/python3 " + source_dir() + "/tools/audit_check_schemas.py " + source_dir() + "/schemas ";
  auto schema = run(checker + exp);
  if (schema.status != 2) {
    EXPECT_EQ(schema.status, 0) << schema.out;
    std::string floaty = dir.path() + "/float.jsonl";
    auto line = json::parse(read_file(exp).substr(read_file(exp).find("{\"kind\":\"record\"")).substr(0, read_file(exp).substr(read_file(exp).find("{\"kind\":\"record\"")).find('\n')));
    line["record"]["data"]["cpus"] = 0.5;
    write_file_atomic(floaty, line.dump() + "\n");
    EXPECT_EQ(run(checker + floaty).status, 1);
  }

  // One changed byte in record 12's line.
  std::string text = read_file(exp);
  std::string bad = text;
  auto at = bad.find("\"seq\":12,");
  ASSERT_NE(at, std::string::npos);
  auto ts = bad.find("\"timestamp_us\":", at);
  bad[ts + 16] = bad[ts + 16] == '1' ? '2' : '1';
  write_file_atomic(exp + ".bad", bad);
  auto r = run(verifier() + "--pubkey " + pub + " " + exp + ".bad");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("at record 12"), std::string::npos) << r.out;

  // The tail cut off (and the header and tree heads made to match): the
  // export alone looks fine, the receipt catches it.
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    lines.push_back(text.substr(pos, nl - pos));
    pos = nl + 1;
  }
  std::string cut;
  uint64_t kept = 0;
  auto header = json::parse(lines[0]);
  uint64_t tree_heads = header["checkpoint"]["tree_heads"].get<uint64_t>();
  std::string newest = header["checkpoint"]["tree_head_hash"];
  for (size_t i = 1; i < lines.size(); ++i) {
    auto j = json::parse(lines[i]);
    if (j["kind"] == "record" && j["record"]["seq"].get<uint64_t>() < 30) {
      cut += lines[i] + "\n";
      kept = j["record"]["seq"].get<uint64_t>() + 1;
    }
    if (j["kind"] == "tree_head" && j["tree_head"]["tree_size"].get<uint64_t>() <= 30) {
      cut += lines[i] + "\n";
      ++tree_heads;
      newest = to_hex(TreeHead::from_json(j["tree_head"]).hash());
    }
  }
  header["tree_size"] = kept;
  header["tree_heads"] = tree_heads;
  header["tree_head_hash"] = newest;
  write_file_atomic(exp + ".cut", header.dump() + "\n" + cut);
  auto plain = run(verifier() + "--pubkey " + pub + " " + exp + ".cut");
  EXPECT_EQ(plain.status, 0) << plain.out;
  auto caught = run(verifier() + "--pubkey " + pub + " --receipt " + result + " " + exp + ".cut");
  EXPECT_EQ(caught.status, 1) << caught.out;
  EXPECT_NE(caught.out.find("truncated"), std::string::npos) << caught.out;

  // Another key is not trusted.
  std::string other = dir.path() + "/other";
  ASSERT_EQ(run(cli(other) + "keygen").status, 0);
  ASSERT_EQ(run(cli(other) + "pubkey > " + other + ".pub").status, 0);
  auto foreign = run(verifier() + "--pubkey " + other + ".pub " + exp);
  EXPECT_EQ(foreign.status, 1) << foreign.out;
  EXPECT_EQ(run(verifier() + "--pubkey " + exp + " " + exp).status, 2);  // not a key
}

TEST(AuditDiff, UnifiedDiff) {
  EXPECT_EQ(unified_diff("a\nb\nc\n", "a\nb\nc\n"), "");
  EXPECT_EQ(unified_diff("a\nb\nc\n", "a\nB\nc\n", "old", "new"),
            "--- old\n+++ new\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
  EXPECT_EQ(unified_diff("", "x\n", "old", "new"), "--- old\n+++ new\n@@ -0,0 +1 @@\n+x\n");
  EXPECT_EQ(unified_diff("x", "y", "old", "new"),
            "--- old\n+++ new\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n");
  std::string a, b;
  for (int i = 0; i < 20; ++i) {
    a += "line " + std::to_string(i) + "\n";
    b += (i == 2 || i == 17 ? "changed " : "line ") + std::to_string(i) + "\n";
  }
  std::string d = unified_diff(a, b, "old", "new");
  EXPECT_NE(d.find("@@ -1,6 +1,6 @@"), std::string::npos) << d;
  EXPECT_NE(d.find("@@ -15,6 +15,6 @@"), std::string::npos) << d;
  auto e = submission_event("r2", b, {{"lang", "python"}}, std::string("r1"), a);
  EXPECT_EQ(e.type, events::submission);
  EXPECT_EQ(e.data["diff"], d.substr(0, 0) + unified_diff(a, b, "parent/r1", "submission/r2"));
  EXPECT_EQ(e.data["code_sha256"].get<std::string>().size(), 64u);
}

}  // namespace mai::audit

namespace mai::audit {

// Events delivered from two workers' spools (with redeliveries) are ordinary
// records to every verifier: the CLI's, the independent Python one, and the
// published schemas (data.origin of a delivered event next to a submission's
// string origin).
TEST(AuditExport, DeliveredRecordsVerifyEverywhere) {
  TempDir dir;
  std::string worker_a = dir.path() + "/spool-a", worker_b = dir.path() + "/spool-b";
  AuditReceipt receipt;
  {
    auto log = Log::open(dir.path(), default_config(), false);
    auto a = Spool::open(worker_a), b = Spool::open(worker_b);
    for (int i = 0; i < 4; ++i) {
      std::string id = "req-" + std::to_string(i);
      log->append({ev(events::submission, id, {{"code", "print(1)"}, {"code_sha256", "ab"}, {"origin", "mai"}}),
                   ev(events::assessment, id, {{"level", "LOW"}, {"findings", json::array()}})});
      Spool& s = i % 2 ? *a : *b;
      s.append({ev(events::execution_start, id, {{"limits", {{"cpus", 0.5}}}, {"worker", "w"}}),
                ev(events::network, id, {{"decision", "allow"}, {"host", "pypi.org"}, {"port", 443}}),
                ev(events::execution_end, id, {{"termination", "exited"}, {"exit_code", 0}})});
      auto p = s.pending(100);
      std::vector<Event> evs;
      for (auto& e : p) evs.push_back(e.event);
      auto ack = log->append_delivered(s.origin_id(), p.front().spool_seq, evs);
      ASSERT_EQ(ack.seqs.size(), 3u);
      if (i < 2) log->append_delivered(s.origin_id(), p.front().spool_seq, evs);  // ack lost: a redelivery
      s.acknowledge(ack.delivered_up_to);
      receipt = log->append_and_sign({ev(events::result, id, {{"status", "completed"}})});
    }
    EXPECT_EQ(log->tree_size(), 1u + 4 * 6);
  }
  auto ok = run(cli(dir.path()) + "verify");
  EXPECT_EQ(ok.status, 0) << ok.out;
  std::string exp = dir.path() + "/log.jsonl", pub = dir.path() + "/audit.pub";
  std::string result = dir.path() + "/result.json";
  write_file_atomic(result, json{{"audit", to_json(receipt)}}.dump());
  ASSERT_EQ(run(cli(dir.path()) + "export --format jsonl -o " + exp).status, 0);
  EXPECT_EQ(run("grep -c '\"spool_seq\"' " + exp).out, "12\n");
  ASSERT_EQ(run(cli(dir.path()) + "pubkey > " + pub).status, 0);
  auto py = run(verifier() + "--pubkey " + pub + " --receipt " + result + " " + exp);
  EXPECT_EQ(py.status, 0) << py.out;
  EXPECT_NE(py.out.find("export intact"), std::string::npos) << py.out;
  std::string checker = "/usr/bin/python3 " + source_dir() + "/tools/audit_check_schemas.py " + source_dir() + "/schemas ";
  auto schema = run(checker + exp);
  if (schema.status != 2) {  // 2: jsonschema is not installed
    EXPECT_EQ(schema.status, 0) << schema.out;
  }
}

}  // namespace mai::audit

namespace mai::audit {

// The independent verifier agrees with `audit verify` on the rules version 2
// added: the first record after a lost tree head, and the completeness of
// each request's story, named alike.
TEST(AuditExport, BothVerifiersNameTheSameRecord) {
  const std::string code = std::string(64, 'c'), other = std::string(64, 'd');
  auto sub = [&](const std::string& id) {
    return ev(events::submission, id, {{"code", "x"}, {"code_sha256", code}});
  };
  auto assess = [&](const std::string& id, const char* level) {
    return ev(events::assessment, id, {{"level", level}, {"code_sha256", code}});
  };
  auto ovr = [&](const std::string& id, const std::string& hash, const std::string& by) {
    return ev(events::override_granted, id, {{"reason", "ok"}, {"given_by", by}, {"code_sha256", hash}});
  };
  auto start = [&](const std::string& id) { return ev(events::execution_start, id); };
  const std::vector<std::vector<Event>> stories = {
      {sub("a"), assess("a", "LOW"), start("a")},                                   // intact
      {sub("a"), assess("a", "BLOCKED"), start("a")},                               // BLOCKED ran
      {sub("a"), assess("a", "BLOCKED"), ovr("a", other, "alice"), start("a")},     // other code allowed
      {sub("a"), assess("a", "BLOCKED"), ovr("a", code, ""), start("a")},           // given by nobody
      {sub("a"), assess("a", "LOW"), start("a"), start("a")},                       // two runs, one grant
  };
  for (size_t i = 0; i < stories.size(); ++i) {
    TempDir dir;
    {
      auto log = Log::open(dir.path(), default_config(), false);
      log->append_and_sign({ev(events::service_start, "")});
      log->append_and_sign(stories[i]);
    }
    std::string exp = dir.path() + "/log.jsonl", pub = dir.path() + "/audit.pub";
    ASSERT_EQ(run(cli(dir.path()) + "export --format jsonl -o " + exp).status, 0);
    ASSERT_EQ(run(cli(dir.path()) + "pubkey > " + pub).status, 0);
    auto c = run(cli(dir.path()) + "verify --json");
    auto py = run(verifier() + "--json --pubkey " + pub + " " + exp);
    EXPECT_EQ(c.status, i == 0 ? 0 : 1) << c.out;
    EXPECT_EQ(py.status, c.status) << py.out;
    if (i == 0) continue;
    auto cj = json::parse(c.out.substr(c.out.find('{')));
    auto pj = json::parse(py.out.substr(py.out.find('{')));
    EXPECT_EQ(cj["first_bad_seq"], pj["first_bad_seq"]) << c.out << py.out;
  }
  // A tree head removed from the middle of an export: the record after it is named.
  TempDir dir;
  populate(dir.path());
  std::string exp = dir.path() + "/log.jsonl", pub = dir.path() + "/audit.pub";
  ASSERT_EQ(run(cli(dir.path()) + "export --format jsonl -o " + exp).status, 0);
  ASSERT_EQ(run(cli(dir.path()) + "pubkey > " + pub).status, 0);
  std::string text = read_file(exp), cut;
  uint64_t removed_size = 0;
  int tree_heads = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string line = text.substr(pos, nl - pos + 1);
    pos = nl + 1;
    if (line.find("\"kind\":\"tree_head\"") != std::string::npos && ++tree_heads == 3) {
      removed_size = json::parse(line)["tree_head"]["tree_size"].get<uint64_t>();
      continue;
    }
    cut += line;
  }
  ASSERT_GT(removed_size, 0u);
  write_file_atomic(exp + ".cut", cut);
  auto py = run(verifier() + "--json --pubkey " + pub + " " + exp + ".cut");
  EXPECT_EQ(py.status, 1) << py.out;
  EXPECT_EQ(json::parse(py.out)["first_bad_seq"], removed_size) << py.out;
}

}  // namespace mai::audit
