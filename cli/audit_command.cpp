// `mai-sandbox audit`: verify, show, export, prove, consistency, keygen,
// pubkey, prune. Exit 0 on success; 1 when verification fails, whether the
// log was tampered with or is damaged (naming the first bad record); 2 on
// usage errors, and for the other commands on a log or key that cannot be
// used (with a message that says why).
#include <unistd.h>

#include <fstream>
#include <iostream>

#include "audit/error.hpp"
#include "audit/log.hpp"
#include "audit/merkle.hpp"
#include "audit/proofs.hpp"
#include "audit/show.hpp"
#include "audit/signer.hpp"
#include "audit/store.hpp"
#include "audit/verifier.hpp"
#include "cli/command.hpp"
#include "common/clock.hpp"
#include "common/encoding.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/units.hpp"
#include "config/audit_config.hpp"
#include "model/json_codec.hpp"

namespace mai::cli {

namespace {

struct AuditOptions {
  // verify
  std::string pubkey, receipt;
  bool json = false;
  unsigned threads = 0;
  // show
  std::string request, since, type;
  uint64_t limit = 0;
  // export
  std::string format = "jsonl", output;
  // prove / consistency
  uint64_t seq = 0, tree_size = 0, old_size = 0, new_size = 0;
  // prune
  uint64_t before = 0;
  bool expired = false;
};

config::AuditConfig load_config(const GlobalOptions& g) {
  return config::parse_audit_config(g.config_source().load("audit.yaml"));
}

// Errors in the log, its key or the given files are the user's to fix: exit 2
// with a message, never a crash. (verify reports damage as a failed
// verification, exit 1; what it throws is only what keeps it from starting.)
template <class Fn>
int guarded(Fn fn) {
  try {
    return fn();
  } catch (const audit::AuditError& e) {
    std::cerr << "mai-sandbox audit: " << e.what() << "\n";
    return 2;
  }
}

int do_verify(const GlobalOptions& g, const AuditOptions& o) {
  return guarded([&] {
    auto cfg = load_config(g);
    audit::VerifyOptions vo;
    if (!o.pubkey.empty()) vo.pubkey_pem_file = o.pubkey;
    if (!o.receipt.empty()) vo.receipt_file = o.receipt;
    vo.threads = o.threads;
    vo.progress = !o.json;
    auto rep = audit::verify_log(g.state(), cfg, vo);
    if (o.json) {
      std::cout << rep.to_json().dump(2) << "\n";
    } else if (rep.ok) {
      std::cout << "audit log intact: " << rep.records << " records";
      if (rep.first_seq) std::cout << " (" << rep.first_seq << " pruned before them)";
      std::cout << ", " << rep.tree_heads << " signed tree heads, tree size " << rep.tree_size << ", root "
                << rep.root_hash << "\n";
      std::cout << "keys: ";
      for (size_t i = 0; i < rep.key_ids.size(); ++i) std::cout << (i ? " -> " : "") << rep.key_ids[i];
      std::cout << " (trusted: " << rep.trusted_key_id << ")\n";
      if (rep.receipt_checked) std::cout << "receipt: the log still holds everything the receipt covers\n";
      for (const auto& w : rep.warnings) std::cout << "note: " << w << "\n";
    } else {
      std::cout << "audit log verification FAILED";
      if (rep.first_bad_seq) std::cout << " at record " << *rep.first_bad_seq;
      std::cout << ": " << rep.reason << "\n";
      std::cout << "(" << rep.records << " records verified before it)\n";
    }
    return rep.ok ? 0 : 1;
  });
}

int do_show(const GlobalOptions& g, const AuditOptions& o) {
  return guarded([&] {
    audit::ShowQuery q;
    if (!o.request.empty()) q.request_id = o.request;
    if (!o.type.empty()) q.type = o.type;
    if (o.limit) q.limit = o.limit;
    if (!o.since.empty()) {
      auto t = parse_rfc3339_us(o.since);
      if (!t) {  // or a duration back from now: "2h", "30m"
        auto ago = o.since.find_first_not_of("0123456789") != std::string::npos ? parse_duration_ms(o.since)
                                                                                : std::nullopt;
        if (ago) t = now_unix_us() - static_cast<int64_t>(*ago) * 1000;
      }
      if (!t)
        throw UsageError("--since: expected a time such as 2026-11-21 or 2026-11-21T19:30:00Z, or a duration "
                         "back from now such as 2h, got '" + o.since + "'");
      q.since_us = *t;
    }
    auto records = audit::query_records(g.state(), load_config(g), q);
    if (o.json) {
      json arr = json::array();
      for (const auto& r : records) arr.push_back(audit::record_to_json(r));
      std::cout << arr.dump(2) << "\n";
    } else {
      for (const auto& r : records) std::cout << audit::format_record_line(r) << "\n";
      if (records.empty()) std::cerr << "no matching records\n";
    }
    return 0;
  });
}

int do_export(const GlobalOptions& g, const AuditOptions& o) {
  if (o.format != "jsonl") throw UsageError("--format: only jsonl is supported, got '" + o.format + "'");
  return guarded([&] {
    auto cfg = load_config(g);
    uint64_t n;
    if (o.output.empty() || o.output == "-") {
      n = audit::export_jsonl(g.state(), cfg, std::cout);
    } else {
      std::ofstream f(o.output, std::ios::binary | std::ios::trunc);
      if (!f) throw audit::AuditError("cannot create " + o.output);
      n = audit::export_jsonl(g.state(), cfg, f);
    }
    std::cerr << "exported " << n << " records\n";
    return 0;
  });
}

int do_prove(const GlobalOptions& g, const AuditOptions& o) {
  return guarded([&] {
    auto p = audit::prove_inclusion(g.state(), load_config(g), o.seq,
                                    o.tree_size ? std::optional<uint64_t>(o.tree_size) : std::nullopt);
    std::cout << p.to_json().dump(2) << "\n";
    return 0;
  });
}

int do_consistency(const GlobalOptions& g, const AuditOptions& o) {
  return guarded([&] {
    if (o.old_size > o.new_size) throw UsageError("consistency: OLD must not be larger than NEW");
    auto p = audit::prove_consistency(g.state(), load_config(g), o.old_size, o.new_size);
    std::cout << p.to_json().dump(2) << "\n";
    return 0;
  });
}

int do_keygen(const GlobalOptions& g) {
  return guarded([&] {
    auto cfg = load_config(g);
    std::string state = g.state();
    std::string key = audit::key_path(state, cfg);
    bool had_log = path_exists(audit::db_dir_for(state) + "/CURRENT");
    if (!had_log && !path_exists(key)) {
      auto log = audit::Log::open(state, cfg, false);  // creates the key and the log
      std::cout << "created signing key " << key << " (key id " << log->key_id() << ")\n";
      return 0;
    }
    if (!had_log) {  // a key without a log: replace it, nothing depends on it yet
      audit::SigningKey::generate().save_file(key);
      auto log = audit::Log::open(state, cfg, false);
      std::cout << "replaced signing key " << key << " (key id " << log->key_id() << ")\n";
      return 0;
    }
    auto log = audit::Log::open(state, cfg, false);
    std::string old_id = log->key_id();
    std::string new_id = log->rotate_key();
    std::cout << "rotated signing key " << key << ": " << old_id << " -> " << new_id
              << "\n(the rotation is recorded in the log, signed by the old key)\n";
    return 0;
  });
}

int do_pubkey(const GlobalOptions& g) {
  return guarded([&] {
    auto cfg = load_config(g);
    std::string key = audit::key_path(g.state(), cfg);
    if (!path_exists(key))
      throw audit::AuditError("no signing key at " + key + " (it is created on first use, or by `audit keygen`)");
    std::cout << audit::SigningKey::load_file(key).public_key().pem();
    return 0;
  });
}

int do_prune(const GlobalOptions& g, const AuditOptions& o) {
  return guarded([&] {
    if (!o.expired && o.before == 0) throw UsageError("prune: give --before SEQ or --expired");
    auto log = audit::Log::open(g.state(), load_config(g), false);
    uint64_t removed = o.expired ? log->prune_expired() : log->prune_before(o.before);
    std::cout << "pruned " << removed << " records\n";
    return 0;
  });
}

int do_tree_head(const GlobalOptions& g) {
  return guarded([&] {
    auto log = audit::Log::open(g.state(), load_config(g), false);
    uint64_t n = log->tree_size();
    auto receipt = log->sign_tree_head(n - 1, n - 1);
    std::cout << to_json(receipt).dump(2) << "\n";
    return 0;
  });
}

}  // namespace

void add_audit_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto opts = std::make_shared<AuditOptions>();
  auto* audit = app.add_subcommand("audit", "Inspect and check the signed audit log");
  audit->require_subcommand(1);

  auto* verify = audit->add_subcommand(
      "verify",
      "Check the whole log: every signature, the hash chain, sequence continuity, every signed tree head,\n"
      "the key history and completeness. Exit 0 when intact, 1 naming the first bad record.");
  verify->add_option("--pubkey", opts->pubkey, "Trusted public key (PEM); default: the local signing key's")
      ->check(CLI::ExistingFile);
  verify->add_option("--receipt", opts->receipt,
                     "A result JSON (or its \"audit\" object): prove the log still holds what it covers")
      ->check(CLI::ExistingFile);
  verify->add_option("--threads", opts->threads, "Verification threads (default: every core)");
  verify->add_flag("--json", opts->json, "Print the report as JSON");
  verify->callback([&action, &global, opts] { action = [&global, opts] { return do_verify(global, *opts); }; });

  auto* show = audit->add_subcommand("show", "List records");
  show->add_option("--request", opts->request, "Only this request id");
  show->add_option("--since", opts->since, "Only records at or after this time (RFC 3339, a date, or a duration ago: 2h)");
  show->add_option("--type", opts->type, "Only this event type (e.g. assessment, execution.end)");
  show->add_option("--limit", opts->limit, "At most the N most recent matches")->check(CLI::PositiveNumber);
  show->add_flag("--json", opts->json, "Print a JSON array");
  show->callback([&action, &global, opts] { action = [&global, opts] { return do_show(global, *opts); }; });

  auto* exp = audit->add_subcommand(
      "export", "Write every record and signed tree head, verifiable offline with the public key alone");
  exp->add_option("--format", opts->format, "Output format (jsonl)")->required();
  exp->add_option("--output,-o", opts->output, "File to write (default: standard output)");
  exp->callback([&action, &global, opts] { action = [&global, opts] { return do_export(global, *opts); }; });

  auto* prove = audit->add_subcommand("prove", "RFC 6962 inclusion proof of record SEQ");
  prove->add_option("SEQ", opts->seq, "Record sequence number")->required();
  prove->add_option("--tree-size", opts->tree_size, "Tree size to prove against (default: the newest signed tree head that covers SEQ)");
  prove->callback([&action, &global, opts] { action = [&global, opts] { return do_prove(global, *opts); }; });

  auto* cons = audit->add_subcommand("consistency", "RFC 6962 consistency proof between two tree sizes");
  cons->add_option("OLD", opts->old_size, "Older tree size")->required();
  cons->add_option("NEW", opts->new_size, "Newer tree size")->required();
  cons->callback([&action, &global, opts] { action = [&global, opts] { return do_consistency(global, *opts); }; });

  auto* keygen = audit->add_subcommand(
      "keygen", "Create the signing key, or rotate it (the rotation is a record signed by the old key)");
  keygen->callback([&action, &global] { action = [&global] { return do_keygen(global); }; });

  auto* pubkey = audit->add_subcommand("pubkey", "Print the public key (PEM), for `verify --pubkey`");
  pubkey->callback([&action, &global] { action = [&global] { return do_pubkey(global); }; });

  auto* th = audit->add_subcommand(
      "tree-head", "Sign a tree head over the whole log now and print it as a receipt (e.g. from cron)");
  th->callback([&action, &global] { action = [&global] { return do_tree_head(global); }; });

  auto* prune = audit->add_subcommand(
      "prune", "Remove old records, leaving a signed checkpoint from which the rest still verifies");
  prune->add_option("--before", opts->before, "Remove the records before this seq");
  prune->add_flag("--expired", opts->expired, "Remove the records older than audit.yaml's retention");
  prune->callback([&action, &global, opts] { action = [&global, opts] { return do_prune(global, *opts); }; });
}

}  // namespace mai::cli
