#include "assess/assessor.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "assess/context.hpp"
#include "assess/key_destination.hpp"
#include "assess/self_copies.hpp"
#include "assess/source_text.hpp"
#include "assess/taint.hpp"
#include "common/encoding.hpp"
#include "common/sha256.hpp"

namespace mai::assess {
namespace {

std::string line_text(std::string_view code, const std::vector<size_t>& starts, uint32_t line) {
  if (line == 0 || line > starts.size()) return {};
  size_t p = starts[line - 1];
  size_t e = code.find('\n', p);
  std::string_view s = code.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  std::string out(s.substr(0, 200));
  if (s.size() > 200) out += "...";
  for (auto& c : out)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t') c = '?';
  return out;
}

// Findings are printed as JSON: any byte sequence that is not UTF-8 becomes '?'.
std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    bool ok = n > 0 && i + n <= s.size();
    for (size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80;
    if (ok && n == 2 && c < 0xc2) ok = false;  // overlong
    if (ok) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      out += '?';
      ++i;
    }
  }
  return out;
}

std::string fill(const std::string& tmpl, const Effect& e) {
  std::string out;
  for (size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] == '{') {
      size_t j = tmpl.find('}', i);
      if (j != std::string::npos) {
        std::string key = tmpl.substr(i + 1, j - i - 1);
        std::string val;
        bool ok = true;
        if (key == "target") val = printable(e.target, 100);
        else if (key == "detail") val = printable(e.detail, 100);
        else if (key == "tag") val = !e.tag.empty() ? e.tag : e.kind == Eff::net_resolve ? "DNS lookups" : "";
        // A name looked up carries its data in the name itself (DNS labels).
        else if (key == "taint") {
          // The weak labels only when nothing more telling is there ("file contents"),
          // and how the text was made (formatting, an option) only when nothing else is.
          const uint32_t t = e.data_taint ? e.data_taint : e.kind == Eff::net_resolve ? e.target_taint : 0;
          const uint32_t weak = kFileData | kWalked | kEnv | kEncoded;
          const uint32_t made = kUserInput | kFormatted | kOption | kConstData | kUnpredictable;
          const uint32_t telling = t & ~(weak | made);
          val = describe_taint(telling ? telling : (t & weak) ? t & weak : t);
        }
        else ok = false;
        if (ok) {
          if (val.empty()) val = "?";
          out += val;
          i = j;
          continue;
        }
      }
    }
    out += tmpl[i];
  }
  return out;
}

// Source to sink: the data's (or the target's) evidence chain, then the sink.
std::vector<EvidenceStep> chain_of(const EffectLog& log, const Effect& e, const std::string& sink) {
  std::vector<EvidenceStep> out;
  int32_t head = e.data_ev >= 0 ? e.data_ev : e.target_ev;
  for (const Evidence* ev : log.chain(head, 6)) {
    EvidenceStep s{ev->line ? ev->line : e.line, ev->line ? ev->col : e.col, ev->what};
    if (!out.empty() && out.back().what == s.what) continue;
    out.push_back(std::move(s));
  }
  if (out.empty()) return out;
  out.push_back(EvidenceStep{e.line, e.col, sink});
  return out;
}

}  // namespace

Assessor Assessor::from_config(const config::Source& source) {
  return from_nodes(source.load("assessment.yaml"), source.load("library-model.yaml"),
                    source.load("known-threats.yaml"));
}

Assessor Assessor::from_nodes(const config::Node& rules, const config::Node& model, const config::Node& threats) {
  auto m = std::make_shared<const LibraryModel>(LibraryModel::parse(model));
  auto r = std::make_shared<const RuleSet>(RuleSet::parse(rules, *m));
  auto t = std::make_shared<const KnownThreats>(KnownThreats::parse(threats));
  return Assessor(std::move(m), std::move(r), std::move(t));
}

Assessment Assessor::assess(std::string_view code, Language language, Origin origin) const {
  auto start = std::chrono::steady_clock::now();
  Assessment out;
  std::string hash;
  try {
    // The algorithm is fetched once (EVP_Q_digest would fetch it on every call).
    static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (md && EVP_Digest(code.data(), code.size(), digest, &n, md, nullptr) == 1)
      hash = to_hex(std::string_view(reinterpret_cast<const char*>(digest), n));
    else
      hash = sha256_hex(code);
  } catch (...) {
  }
  try {
    // The hash covers the exact bytes; the analysis reads them as the interpreter would.
    SourceText source = source_text(code, language);
    out = assess_inner(source.text, hash, language, origin);
  } catch (...) {
    out = Assessment();
    out.level = RiskLevel::medium;
    out.complete = false;
    Finding f;
    f.rule_id = "ASSESSOR-INTERNAL";
    f.level = RiskLevel::medium;
    f.message = "the assessor could not finish analysing this code";
    out.findings.push_back(f);
  }
  out.code_sha256 = std::move(hash);
  out.duration_us = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
  return out;
}

Assessment Assessor::assess_inner(std::string_view code, const std::string& code_sha256, Language language,
                                  Origin origin) const {
  ContainerScope containers;  // first: emptied after everything that holds them is gone
  EffectLog log;
  Ctx ctx(*model_, *threats_, log, budget_for(code.size()));
  if (language == Language::python) {
    interpret_python(code, ctx, nullptr, nullptr);
  } else {
    interpret_shell(code, ctx, nullptr, nullptr);
  }
  judge_self_copies(code, language, *model_, *threats_, log, budget_for(code.size()) - ctx.budget.left());
  ctx.judge_hooks();
  ctx.join_pty_shells();
  ctx.own_output_by_default();
  if (threats_->is_known_payload(code_sha256)) {
    Effect e;
    e.kind = Eff::threat;
    e.tag = "payload";
    e.target = "the whole file";
    e.line = 1;
    e.col = 1;
    log.add(e);
  }
  if (ctx.incomplete) {
    Effect e;
    e.kind = Eff::risky;
    e.tag = "incomplete";
    e.detail = ctx.incomplete_why;
    e.line = 1;
    e.col = 1;
    log.add(e);
  }

  // Known mining pools wherever a connection, request, command or data names them.
  {
    std::vector<Effect> pools;
    for (const Effect& e : log.effects()) {
      if (e.kind != Eff::exec && e.kind != Eff::net_connect && e.kind != Eff::net_request &&
          e.kind != Eff::net_send && e.kind != Eff::file_write && e.kind != Eff::net_resolve)
        continue;
      auto pool = threats_->pool_in(e.target);
      if (!pool) pool = threats_->pool_in(e.detail);
      if (!pool) continue;
      Effect t;
      t.kind = Eff::threat;
      t.tag = "pool";
      t.target = *pool;
      t.detail = e.detail;
      t.line = e.line;
      t.col = e.col;
      t.via = e.via;
      pools.push_back(std::move(t));
    }
    for (auto& t : pools) log.add(std::move(t));
  }
  // MAI_ASSESS_TRACE=1: every effect on stderr (for developing rules and the model).
  static const bool trace = std::getenv("MAI_ASSESS_TRACE") != nullptr;
  if (trace)
    for (const Effect& e : log.effects())
      std::fprintf(stderr, "effect %u:%u %s tag=%s target=%s classes=%x data=%s target_taint=%s flags=%x mode=%lld detail=%s via=%s\n",
                   e.line, e.col, eff_name(e.kind), e.tag.c_str(), printable(e.target, 80).c_str(), e.path_classes,
                   describe_taint(e.data_taint).c_str(), describe_taint(e.target_taint).c_str(), e.flags,
                   static_cast<long long>(e.mode), printable(e.detail, 80).c_str(), e.via.c_str());
  const auto& rules = rules_->rules();
  struct Fired {
    bool on = false;
    const Effect* effect = nullptr;
  };
  std::vector<Fired> fired(rules.size());
  std::vector<Finding> findings;
  std::set<std::pair<size_t, uint32_t>> reported;
  auto report = [&](size_t r, const Effect& e, std::vector<EvidenceStep> extra) {
    const Rule& rule = rules[r];
    if (rule.is_fact || findings.size() >= kMaxFindings) return;
    if (!reported.insert({r, e.line}).second) return;
    Finding f;
    f.rule_id = rule.id;
    f.level = rule.level;
    f.line = e.line;
    f.column = e.col;
    f.message = fill(rule.message, e);
    if (!e.via.empty()) f.message += " (" + e.via + ")";
    f.evidence = chain_of(log, e, f.message);
    if (f.evidence.empty()) f.evidence = std::move(extra);
    findings.push_back(std::move(f));
  };
  bool external = origin == Origin::external;
  // An environment key sent to its own API is ordinary wherever in the request
  // it goes; sent to a host an attacker would choose it is exfiltration even
  // in a header (key_destination.hpp).
  settle_key_destinations(log, *model_);
  for (const Effect& e : log.effects()) {
    for (const auto& [r, m] : rules_->candidates(e.kind)) {
      const Rule& rule = rules[r];
      if (rule.external_only && !external) continue;
      if ((e.flags & kExternalHint) && !rule.external_only) continue;
      // A git hook's job is to run commands at commit time: only what would be
      // HIGH or BLOCKED if the code did it now counts against the installer.
      if ((e.flags & kInHook) && rule.level < RiskLevel::high) continue;
      if (!rule.match[m].matches(e)) continue;
      if (!fired[r].on) fired[r] = Fired{true, &e};
      report(r, e, {});
    }
  }
  // Combinations, to a fixed point (one may build on another).
  for (int pass = 0; pass < 4; ++pass) {
    bool changed = false;
    for (size_t r : rules_->combinations()) {
      const Rule& rule = rules[r];
      if (fired[r].on || (rule.external_only && !external)) continue;
      bool ok = true;
      std::vector<const Effect*> parts;
      for (size_t d : rule.all_idx) {
        if (!fired[d].on) ok = false;
        else parts.push_back(fired[d].effect);
      }
      if (ok && !rule.any_idx.empty()) {
        bool any = false;
        for (size_t d : rule.any_idx)
          if (fired[d].on) {
            any = true;
            parts.push_back(fired[d].effect);
            break;
          }
        ok = any;
      }
      if (!ok || parts.empty()) continue;
      std::sort(parts.begin(), parts.end(),
                [](const Effect* a, const Effect* b) { return a->line < b->line; });
      fired[r] = Fired{true, parts.back()};
      std::vector<EvidenceStep> steps;
      for (const Effect* p : parts) {
        std::string what = std::string(eff_name(p->kind)) + (p->tag.empty() ? "" : " " + p->tag) +
                           (p->target.empty() ? "" : " " + printable(p->target, 80));
        steps.push_back(EvidenceStep{p->line, p->col, what});
      }
      report(r, *parts.back(), std::move(steps));
      changed = true;
    }
    if (!changed) break;
  }

  Assessment out;
  std::sort(findings.begin(), findings.end(), [](const Finding& x, const Finding& y) {
    if (x.line != y.line) return x.line < y.line;
    if (x.column != y.column) return x.column < y.column;
    return x.rule_id < y.rule_id;
  });
  std::vector<size_t> starts;
  if (!findings.empty()) {
    starts.push_back(0);
    for (size_t p = code.find('\n'); p != std::string_view::npos; p = code.find('\n', p + 1)) starts.push_back(p + 1);
  }
  for (auto& f : findings) {
    f.snippet = valid_utf8(line_text(code, starts, f.line));
    f.message = valid_utf8(f.message);
    for (auto& step : f.evidence) step.what = valid_utf8(step.what);
    out.level = std::max(out.level, f.level);
  }
  if (out.level == RiskLevel::blocked) {
    std::set<std::string> seen;
    std::string what, fix;
    for (const auto& f : findings) {
      if (f.level != RiskLevel::blocked) continue;
      const Rule* rule = rules_->find(f.rule_id);
      if (!rule || !seen.insert(rule->id).second) continue;
      std::string where = "line " + std::to_string(f.line);
      if (f.evidence.size() > 1 && f.evidence.front().line != f.line)
        where = "line " + std::to_string(f.evidence.front().line) + " to line " + std::to_string(f.line);
      what += (what.empty() ? "" : "; ") + rule->explain + " (" + where + ")";
      if (fix.find(rule->acceptable) == std::string::npos) fix += (fix.empty() ? "" : "; or ") + rule->acceptable;
    }
    out.explanation = valid_utf8(std::string(kBlockedLead) + what + ". It would be acceptable if it " + fix + "." +
                                 std::string(kOverrideTail));
  }
  out.findings = std::move(findings);
  out.complete = !ctx.incomplete;
  out.runs_named_file = std::any_of(log.effects().begin(), log.effects().end(), [](const Effect& e) {
    return e.kind == Eff::code_exec && e.tag == "source_file";
  });
  return out;
}

}  // namespace mai::assess
