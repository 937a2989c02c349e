#include "assess/assessor.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "assess/analysis.hpp"
#include "assess/source_text.hpp"
#include "common/encoding.hpp"
#include "common/sha256.hpp"

namespace mai::assess {
namespace {

// Names after `install`/`add` in a package-manager command line.
std::vector<std::string> installed_packages(const Observation& o) {
  std::vector<std::string> out;
  if (o.name.empty() || (o.name[0] != 'p' && o.name[0] != 'u' && o.name[0] != 'e' && o.name[0] != 'c' &&
                         o.name[0] != 'm'))
    return out;
  static const std::set<std::string> managers = {"pip", "pip3", "pip2", "pipx", "uv", "easy_install",
                                                 "poetry", "pipenv", "conda", "mamba"};
  bool python_m_pip = (o.name.rfind("python", 0) == 0) &&
                      (o.text.find("-m pip") != std::string::npos || o.text.find("-mpip") != std::string::npos);
  if (!managers.count(o.name) && !python_m_pip) return out;
  std::vector<std::string> words;
  size_t p = 0;
  const std::string& s = o.text;
  while (p < s.size()) {
    while (p < s.size() && s[p] == ' ') ++p;
    size_t e = s.find(' ', p);
    if (e == std::string::npos) e = s.size();
    if (e > p) words.push_back(s.substr(p, e - p));
    p = e;
  }
  bool after = o.name == "easy_install";
  for (size_t k = 0; k < words.size(); ++k) {
    const std::string& w = words[k];
    if (w == "install" || w == "add") {
      after = true;
      continue;
    }
    if (!after || w.empty() || w[0] == '-') {
      if (after && (w == "-r" || w == "-c" || w == "-e" || w == "-i" || w == "--index-url" || w == "-t"))
        ++k;
      continue;
    }
    std::string name = w.substr(0, w.find_first_of("=<>![;@ "));
    if (!name.empty()) out.push_back(name);
  }
  return out;
}

std::string line_text(std::string_view code, const std::vector<size_t>& starts, uint32_t line) {
  if (line == 0 || line > starts.size()) return {};
  size_t p = starts[line - 1];
  size_t e = code.find('\n', p);
  std::string_view s = code.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  std::string out(s.substr(0, 200));
  if (s.size() > 200) out += "...";
  // Keep the snippet valid UTF-8-ish and printable.
  for (auto& c : out)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t') c = '?';
  return out;
}

}  // namespace

Assessor Assessor::from_config(const config::Source& source) {
  return from_nodes(source.load("assessment.yaml"), source.load("known-threats.yaml"));
}

Assessor Assessor::from_nodes(const config::Node& rules, const config::Node& threats) {
  auto r = std::make_shared<const RuleSet>(RuleSet::parse(rules));
  auto t = std::make_shared<const KnownThreats>(KnownThreats::parse(threats));
  for (const char* fact : {"known_malicious_package", "mining_pool", "known_payload"})
    (void)fact;  // these built-in facts are emitted by the assessor; rules may use them
  return Assessor(std::move(r), std::move(t));
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
    Finding f;
    f.rule_id = "ASSESSOR-INTERNAL";
    f.level = RiskLevel::medium;
    f.message = "the assessor could not finish analyzing this code";
    out.findings.push_back(f);
  }
  out.code_sha256 = std::move(hash);
  out.duration_us = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::microseconds>(
                                              std::chrono::steady_clock::now() - start)
                                              .count());
  return out;
}

Assessment Assessor::assess_inner(std::string_view code, const std::string& code_sha256, Language language,
                                  Origin origin) const {
  Analysis a(rules_->taint());
  a.string_filter = [this](std::string_view s) {
    return rules_->string_may_match(s) || threats_->pool_in(s).has_value();
  };
  if (language == Language::python) analyze_python(code, a);
  else analyze_shell(code, a);
  auto& obs = a.observations();

  // Known threats become facts the rules can name.
  std::vector<Observation> facts;
  auto fact = [&](const char* name, const Observation& at, std::string text) {
    Observation f;
    f.kind = ObsKind::fact;
    f.name = name;
    f.text = std::move(text);
    f.line = at.line;
    f.col = at.col;
    f.via = at.via;
    facts.push_back(std::move(f));
  };
  for (const Observation& o : obs) {
    switch (o.kind) {
      case ObsKind::import_module: {
        std::string top = o.name.substr(0, o.name.find('.'));
        if (threats_->is_malicious_package(top)) fact("known_malicious_package", o, top);
        break;
      }
      case ObsKind::command:
        for (const auto& p : installed_packages(o))
          if (threats_->is_malicious_package(p)) fact("known_malicious_package", o, p);
        if (auto pool = threats_->pool_in(o.text)) fact("mining_pool", o, *pool);
        break;
      case ObsKind::string:
        if (auto pool = threats_->pool_in(o.text)) fact("mining_pool", o, *pool);
        break;
      case ObsKind::call:
        for (const auto& arg : o.args)
          if (arg)
            if (auto pool = threats_->pool_in(*arg)) fact("mining_pool", o, *pool);
        break;
      case ObsKind::payload:
        if (threats_->is_known_payload(sha256_hex(o.text))) fact("known_payload", o, "");
        break;
      default: break;
    }
  }
  if (threats_->is_known_payload(code_sha256)) {
    Observation whole;
    whole.line = 1;
    whole.col = 1;
    fact("known_payload", whole, "");
  }
  for (auto& f : facts) obs.push_back(std::move(f));

  const auto& rules = rules_->rules();
  struct Fired {
    bool on = false;
    uint32_t line = 0, col = 0;
    const char* via = "";
  };
  std::vector<Fired> fired(rules.size());
  std::vector<Finding> findings;
  std::set<std::pair<size_t, uint32_t>> reported;
  auto report = [&](size_t r, uint32_t line, uint32_t col, const char* via) {
    const Rule& rule = rules[r];
    if (rule.is_fact || findings.size() >= kMaxFindings) return;
    if (!reported.insert({r, line}).second) return;
    Finding f;
    f.rule_id = rule.id;
    f.level = rule.level;
    f.line = line;
    f.column = col;
    f.message = rule.message;
    if (*via) f.message += std::string(" (in ") + via + ")";
    findings.push_back(std::move(f));
  };
  for (const auto& o : obs) {
    rules_->match(o, [&](size_t r) {
      if (rules[r].behavioural && origin == Origin::mai) return;
      Fired& f = fired[r];
      if (!f.on) f = Fired{true, o.line, o.col, o.via};
      report(r, o.line, o.col, o.via);
    });
  }
  // Combinations, to a fixed point (a combination may build on another).
  for (int pass = 0; pass < 4; ++pass) {
    bool changed = false;
    for (size_t r : rules_->combinations()) {
      const Rule& rule = rules[r];
      if (fired[r].on || (rule.behavioural && origin == Origin::mai)) continue;
      bool ok = true;
      Fired at;
      auto later = [&](const Fired& f) {
        if (f.line > at.line || (f.line == at.line && f.col > at.col)) at = f;
      };
      for (size_t d : rule.all_idx) {
        if (!fired[d].on) ok = false;
        else later(fired[d]);
      }
      if (ok && !rule.any_idx.empty()) {
        bool any = false;
        for (size_t d : rule.any_idx)
          if (fired[d].on) {
            any = true;
            later(fired[d]);
          }
        ok = any;
      }
      if (!ok) continue;
      at.on = true;
      fired[r] = at;
      report(r, at.line, at.col, "");
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
    f.snippet = line_text(code, starts, f.line);
    out.level = std::max(out.level, f.level);
  }
  if (out.level == RiskLevel::blocked) {
    std::set<std::string> seen;
    std::string why;
    for (const auto& f : findings) {
      if (f.level != RiskLevel::blocked) continue;
      const Rule* rule = rules_->find(f.rule_id);
      std::string e = rule ? rule->explain : f.message;
      if (!seen.insert(e).second) continue;
      why += (why.empty() ? "" : "; ") + e + (f.line ? " (line " + std::to_string(f.line) + ")" : "");
    }
    out.explanation = "This code was blocked because it looks malicious: " + why +
                      ". It will not run unless you explicitly override the block.";
  }
  out.findings = std::move(findings);
  return out;
}

}  // namespace mai::assess
