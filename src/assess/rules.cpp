#include "assess/rules.hpp"

#include <algorithm>
#include <cctype>

namespace mai::assess {
namespace {

constexpr size_t kMaxRegexInput = 4096;


std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return out;
}


Regex compile_regex(const config::Node& n) {
  std::string src = n.as_string();
  try {
    return make_regex(src);
  } catch (const std::regex_error& e) {
    n.fail(std::string("not a valid regular expression: ") + e.what());
  }
}

std::vector<std::string> names_of(const config::Node& n) {
  if (n.is_sequence()) {
    auto v = n.as_string_list();
    if (v.empty()) n.fail("expected at least one name");
    for (const auto& s : v)
      if (s.empty()) n.fail("empty name");
    return v;
  }
  return {n.as_string()};
}

uint32_t parse_flags(const config::Node& n) {
  uint32_t f = 0;
  for (const auto& s : names_of(n)) {
    if (s == "decoded") f |= kDecoded;
    else if (s == "network") f |= kNetwork;
    else if (s == "obfuscated") f |= kObfuscated;
    else n.fail("unknown flag '" + s + "' (expected decoded, network, obfuscated)");
  }
  return f;
}

Matcher parse_matcher(const config::Node& n) {
  n.expect_keys({"call", "import", "string", "string_regex", "command", "fact", "args", "arg",
                 "keyword", "pipe_to", "subst", "redirect", "flags", "where", "nonconst"});
  Matcher m;
  int kinds = 0;
  if (n.has("call")) { m.kind = ObsKind::call; m.names = names_of(n["call"]); ++kinds; }
  if (n.has("import")) { m.kind = ObsKind::import_module; m.names = names_of(n["import"]); ++kinds; }
  if (n.has("command")) { m.kind = ObsKind::command; m.names = names_of(n["command"]); ++kinds; }
  if (n.has("fact")) {
    m.kind = ObsKind::fact;
    m.names = names_of(n["fact"]);
    for (const auto& f : m.names)
      if (f != "fork_bomb" && f != "fork_in_loop" && f != "known_malicious_package" && f != "mining_pool" &&
          f != "known_payload")
        n["fact"].fail("unknown built-in fact '" + f +
                       "' (expected fork_bomb, fork_in_loop, known_malicious_package, mining_pool, "
                       "known_payload; use `when` to build on facts and rules of this file)");
    ++kinds;
  }
  if (n.has("string") || n.has("string_regex")) {
    m.kind = ObsKind::string;
    ++kinds;
    if (n.has("string"))
      for (const auto& s : names_of(n["string"])) m.substrings.push_back(lower(s));
    if (n.has("string_regex")) m.string_regex = compile_regex(n["string_regex"]);
  }
  if (kinds != 1) n.fail("a matcher needs exactly one of call, import, string, command, fact");
  bool call = m.kind == ObsKind::call, cmd = m.kind == ObsKind::command;
  if (n.has("args")) {
    if (!call && !cmd) n["args"].fail("args applies to call and command matchers only");
    m.args = compile_regex(n["args"]);
  }
  if (n.has("arg")) {
    if (!call) n["arg"].fail("arg applies to call matchers only");
    m.arg_index = static_cast<int>(n["arg"].as_uint(0, 64));
  }
  if (n.has("keyword")) {
    if (!call) n["keyword"].fail("keyword applies to call matchers only");
    n["keyword"].expect_map();
    for (const auto& [k, v] : n["keyword"].entries()) m.keywords.emplace_back(k, v.as_string());
  }
  if (n.has("flags")) {
    if (!call && !cmd) n["flags"].fail("flags applies to call and command matchers only");
    m.flags = parse_flags(n["flags"]);
  }
  if (n.has("where")) {
    if (!call) n["where"].fail("where applies to call matchers only");
    n["where"].expect_map();
    for (const auto& [k, v] : n["where"].entries()) {
      Matcher::Where w;
      // "1" (positional), "mode" (keyword) or "1|mode" (either).
      std::string pos = k.substr(0, k.find('|'));
      std::string kw = k.find('|') == std::string::npos ? std::string() : k.substr(k.find('|') + 1);
      if (!pos.empty() && pos.find_first_not_of("0123456789") == std::string::npos) {
        w.index = std::stoi(pos.substr(0, 3));
        w.keyword = kw;
      } else {
        w.keyword = k;
      }
      w.re = compile_regex(v);
      m.where.push_back(std::move(w));
    }
  }
  if (n.has("nonconst")) {
    if (!call) n["nonconst"].fail("nonconst applies to call matchers only");
    m.nonconst = static_cast<int>(n["nonconst"].as_uint(0, 64));
  }
  for (const char* f : {"pipe_to", "subst", "redirect"})
    if (n.has(f) && !cmd) n[f].fail(std::string(f) + " applies to command matchers only");
  if (n.has("pipe_to")) m.pipe_to = names_of(n["pipe_to"]);
  if (n.has("subst")) m.subst = names_of(n["subst"]);
  if (n.has("redirect")) m.redirect = compile_regex(n["redirect"]);
  return m;
}

bool any_in(const std::vector<std::string>& have, const std::vector<std::string>& want) {
  for (const auto& h : have)
    for (const auto& w : want)
      if (h == w) return true;
  return false;
}

std::unordered_set<std::string> name_set(const config::Node& n) {
  std::unordered_set<std::string> out;
  if (n.defined())
    for (const auto& s : n.as_string_list()) out.insert(s);
  return out;
}

}  // namespace

namespace {

// Literal prefilter extraction over the ECMAScript subset the rules use.
struct Needles {
  bool any = true;  // no constraint known
  std::vector<std::string> list;
};

size_t score(const Needles& n) {
  size_t m = SIZE_MAX;
  for (const auto& s : n.list) m = std::min(m, s.size());
  return n.any ? 0 : m;
}

class NeedleParser {
 public:
  explicit NeedleParser(const std::string& s) : s_(s) {}
  Needles run() {
    Needles n = alt();
    if (p_ != s_.size()) return Needles{};  // did not understand it all: no prefilter
    return n;
  }

 private:
  bool quant_optional() {  // consumes a quantifier; true when it allows zero repetitions
    if (p_ >= s_.size()) return false;
    char c = s_[p_];
    if (c == '?' || c == '*') {
      ++p_;
      if (p_ < s_.size() && s_[p_] == '?') ++p_;
      return true;
    }
    if (c == '+') {
      ++p_;
      if (p_ < s_.size() && s_[p_] == '?') ++p_;
      return false;
    }
    if (c == '{') {
      size_t e = s_.find('}', p_);
      if (e == std::string::npos) return true;
      bool zero = s_[p_ + 1] == '0' || s_[p_ + 1] == ',';
      p_ = e + 1;
      return zero;
    }
    return false;
  }
  bool quant_next() const {
    return p_ < s_.size() && (s_[p_] == '?' || s_[p_] == '*' || s_[p_] == '+' || s_[p_] == '{');
  }

  Needles alt() {
    std::vector<Needles> parts{seq()};
    while (p_ < s_.size() && s_[p_] == '|') {
      ++p_;
      parts.push_back(seq());
    }
    if (parts.size() == 1) return parts[0];
    Needles out;
    out.any = false;
    for (const auto& n : parts) {
      if (n.any) return Needles{};
      out.list.insert(out.list.end(), n.list.begin(), n.list.end());
    }
    return out;
  }

  Needles seq() {
    Needles best;
    std::string run;
    auto consider = [&](const Needles& n) {
      if (n.any) return;
      if (best.any || score(n) > score(best) || (score(n) == score(best) && n.list.size() < best.list.size()))
        best = n;
    };
    auto flush = [&] {
      if (!run.empty()) consider(Needles{false, {run}});
      run.clear();
    };
    while (p_ < s_.size() && s_[p_] != '|' && s_[p_] != ')') {
      char c = s_[p_];
      if (c == '(') {
        flush();
        ++p_;
        bool look = false;
        if (p_ + 1 < s_.size() && s_[p_] == '?') {
          look = s_[p_ + 1] == '=' || s_[p_ + 1] == '!';
          p_ += 2;
        }
        Needles inner = alt();
        if (p_ < s_.size() && s_[p_] == ')') ++p_;
        bool optional = quant_optional();
        if (!look && !optional) consider(inner);
        continue;
      }
      if (c == '[') {
        flush();
        ++p_;
        if (p_ < s_.size() && s_[p_] == '^') ++p_;
        if (p_ < s_.size() && s_[p_] == ']') ++p_;
        while (p_ < s_.size() && s_[p_] != ']') {
          if (s_[p_] == '\\') ++p_;
          ++p_;
        }
        ++p_;
        quant_optional();
        continue;
      }
      if (c == '.' || c == '^' || c == '$') {
        flush();
        ++p_;
        quant_optional();
        continue;
      }
      char lit;
      if (c == '\\') {
        if (p_ + 1 >= s_.size()) { ++p_; continue; }
        char e = s_[p_ + 1];
        p_ += 2;
        if (std::isalnum(static_cast<unsigned char>(e))) {  // \s \d \b \x.. : not a literal
          flush();
          quant_optional();
          continue;
        }
        lit = e;
      } else {
        lit = c;
        ++p_;
      }
      if (quant_next()) {
        if (quant_optional()) {
          flush();
        } else {
          run.push_back(lit);
          flush();
        }
        continue;
      }
      run.push_back(lit);
    }
    flush();
    return best;
  }

  const std::string& s_;
  size_t p_ = 0;
};

}  // namespace

std::vector<std::string> regex_needles(const std::string& source) {
  Needles n = NeedleParser(source).run();
  if (n.any) return {};
  for (const auto& s : n.list)
    if (s.empty()) return {};
  return n.list;
}

Regex make_regex(const std::string& source) {
  Regex r;
  r.re = std::regex(source, std::regex::ECMAScript | std::regex::optimize);
  r.needles = regex_needles(source);
  r.source = source;
  return r;
}

bool regex_find(const Regex& re, std::string_view text) {
  if (text.size() > kMaxRegexInput) text = text.substr(0, kMaxRegexInput);
  if (!re.needles.empty()) {
    bool any = false;
    for (const auto& n : re.needles)
      if (text.find(n) != std::string_view::npos) {
        any = true;
        break;
      }
    if (!any) return false;
  }
  try {
    return std::regex_search(text.begin(), text.end(), re.re);
  } catch (...) {
    return false;
  }
}

bool Matcher::matches_text(std::string_view text, std::string_view lower) const {
  for (const auto& s : substrings)
    if (lower.find(s) != std::string_view::npos) return true;
  return string_regex && regex_find(*string_regex, text);
}

bool Matcher::matches(const Observation& o) const {
  switch (kind) {
    case ObsKind::call: {
      if (flags && !(o.flags & flags)) return false;
      if (nonconst >= 0) {
        auto i = static_cast<size_t>(nonconst);
        if (i >= o.args.size()) return false;
        bool partial = i < 32 && ((o.partial_args >> i) & 1u);
        if (o.args[i] && !partial && o.args[i]->rfind("<ref:", 0) != 0) return false;
      }
      for (const auto& w : where) {
        const std::optional<std::string>* v = nullptr;
        if (w.index >= 0 && static_cast<size_t>(w.index) < o.args.size()) v = &o.args[static_cast<size_t>(w.index)];
        if (!v && !w.keyword.empty())
          for (const auto& kv : o.keywords)
            if (kv.first == w.keyword) v = &kv.second;
        if (!v || !*v || !regex_find(w.re, **v)) return false;
      }
      for (const auto& [k, v] : keywords) {
        bool ok = false;
        for (const auto& [ok_k, ok_v] : o.keywords)
          if (ok_k == k && ok_v && *ok_v == v) ok = true;
        if (!ok) return false;
      }
      if (!args) return true;
      if (arg_index >= 0) {
        auto i = static_cast<size_t>(arg_index);
        return i < o.args.size() && o.args[i] && regex_find(*args, *o.args[i]);
      }
      for (const auto& a : o.args)
        if (a && regex_find(*args, *a)) return true;
      for (const auto& kv : o.keywords)
        if (kv.second && regex_find(*args, *kv.second)) return true;
      return false;
    }
    case ObsKind::command:
      if (flags && !(o.flags & flags)) return false;
      if (args && !regex_find(*args, o.text)) return false;
      if (!pipe_to.empty() && !any_in(o.pipe_to, pipe_to)) return false;
      if (!subst.empty() && !any_in(o.subst, subst)) return false;
      if (redirect) {
        bool ok = false;
        for (const auto& r : o.redirects)
          if (regex_find(*redirect, r)) ok = true;
        if (!ok) return false;
      }
      return true;
    case ObsKind::string:
      return matches_text(o.text, lower(o.text));
    default:
      return true;
  }
}

RuleSet RuleSet::parse(const config::Node& root) {
  root.expect_keys({"version", "semantics", "facts", "rules"});
  RuleSet rs;
  if (root.has("version")) root["version"].as_uint(1, 1);
  auto sem = root["semantics"];
  if (sem.defined()) {
    sem.expect_keys({"network_sources", "shell_calls", "argv_calls", "exec_calls"});
    const std::pair<const char*, uint8_t> kinds[] = {{"network_sources", TaintConfig::kNetworkSource},
                                                     {"shell_calls", TaintConfig::kShellCall},
                                                     {"argv_calls", TaintConfig::kArgvCall},
                                                     {"exec_calls", TaintConfig::kExecCall}};
    for (const auto& [key, bit] : kinds)
      for (const auto& name : name_set(sem[key])) rs.taint_.calls[name] |= bit;
  }
  std::vector<config::Node> whens;
  for (const char* section : {"facts", "rules"}) {
    auto list = root[section];
    if (!list.defined()) continue;
    if (!list.is_sequence()) list.fail("expected a list of " + std::string(section));
    bool facts = std::string(section) == "facts";
    for (const auto& n : list.items()) {
      if (facts) n.expect_keys({"id", "match", "when", "behavioural"});
      else n.expect_keys({"id", "level", "message", "explain", "behavioural", "match", "when"});
      Rule r;
      r.is_fact = facts;
      r.id = n["id"].as_string();
      if (r.id.empty()) n["id"].fail("empty id");
      if (rs.by_id_.count(r.id)) n["id"].fail("duplicate id '" + r.id + "'");
      if (!facts) {
        auto lvl = parse_risk_level(n["level"].as_string());
        if (!lvl) n["level"].fail("expected LOW, MEDIUM, HIGH or BLOCKED");
        r.level = *lvl;
        r.message = n["message"].as_string();
        r.explain = n.has("explain") ? n["explain"].as_string() : r.message;
        r.behavioural = n["behavioural"].as_bool();
      } else if (n.has("behavioural")) {
        r.behavioural = n["behavioural"].as_bool();
      }
      if (n.has("match") == n.has("when")) n.fail("needs exactly one of match or when");
      if (n.has("match")) {
        auto m = n["match"];
        if (!m.is_sequence()) m.fail("expected a list of matchers");
        for (const auto& item : m.items()) r.match.push_back(parse_matcher(item));
        if (r.match.empty()) m.fail("expected at least one matcher");
      } else {
        auto w = n["when"];
        w.expect_keys({"all", "any"});
        if (w.has("all")) r.all = w["all"].as_string_list();
        if (w.has("any")) r.any = w["any"].as_string_list();
        if (r.all.empty() && r.any.empty()) w.fail("needs all or any");
        whens.push_back(w);
      }
      rs.by_id_[r.id] = rs.rules_.size();
      rs.rules_.push_back(std::move(r));
    }
  }
  size_t w = 0;
  for (size_t i = 0; i < rs.rules_.size(); ++i) {
    Rule& r = rs.rules_[i];
    if (r.match.empty()) {
      const auto& node = whens[w++];
      for (auto* pair : {&r.all, &r.any}) {
        for (const auto& id : *pair) {
          auto it = rs.by_id_.find(id);
          if (it == rs.by_id_.end())
            node[pair == &r.all ? "all" : "any"].fail("unknown fact or rule '" + id + "'");
          (pair == &r.all ? r.all_idx : r.any_idx).push_back(it->second);
        }
      }
      rs.combos_.push_back(i);
      continue;
    }
    for (size_t m = 0; m < r.match.size(); ++m) {
      const Matcher& mt = r.match[m];
      if (mt.kind == ObsKind::string) {
        rs.string_matchers_.emplace_back(i, m);
        continue;
      }
      auto kind = static_cast<size_t>(mt.kind);
      for (const auto& name : mt.names) {
        if (!name.empty() && name.back() == '*')
          rs.prefixes_[kind].emplace_back(name.substr(0, name.size() - 1), i, m);
        else
          rs.index_[kind][name].emplace_back(i, m);
      }
    }
  }
  if (rs.string_matchers_.size() > 64) root["rules"].fail("at most 64 string matchers are supported");
  for (size_t k = 0; k < rs.string_matchers_.size(); ++k) {
    auto [r, m] = rs.string_matchers_[k];
    for (const auto& sub : rs.rules_[r].match[m].substrings)
      if (!sub.empty()) rs.needles_by_first_[static_cast<unsigned char>(sub[0])].emplace_back(sub, k);
  }
  return rs;
}

bool RuleSet::string_may_match(std::string_view text) const {
  if (string_matchers_.empty()) return false;
  text = text.substr(0, 1u << 16);
  auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  for (size_t i = 0; i < text.size(); ++i)
    for (const auto& [needle, k] : needles_by_first_[static_cast<unsigned char>(low(text[i]))]) {
      if (needle.size() > text.size() - i) continue;
      size_t j = 1;
      while (j < needle.size() && low(text[i + j]) == needle[j]) ++j;
      if (j == needle.size()) return true;
    }
  for (auto [r, m] : string_matchers_) {
    const Matcher& mt = rules_[r].match[m];
    if (mt.string_regex && regex_find(*mt.string_regex, text)) return true;
  }
  return false;
}

const Rule* RuleSet::find(const std::string& id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : &rules_[it->second];
}

void RuleSet::match(const Observation& o, const std::function<void(size_t)>& fn) const {
  auto kind = static_cast<size_t>(o.kind);
  if (kind >= kKinds) return;
  const auto& index = index_[kind];
  auto try_list = [&](const std::string& k) {
    auto it = index.find(k);
    if (it == index.end()) return;
    for (auto [r, m] : it->second)
      if (rules_[r].match[m].matches(o)) fn(r);
  };
  if ((o.kind == ObsKind::string || o.kind == ObsKind::command) && !string_matchers_.empty()) {
    std::string_view text = std::string_view(o.text).substr(0, 1u << 16);
    auto low = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    uint64_t hit_bits = 0;  // string_matchers_ is capped at 64 (checked at parse)
    auto hit_get = [&](size_t k) { return (hit_bits >> k) & 1u; };
    for (size_t i = 0; i < text.size(); ++i) {
      for (const auto& [needle, k] : needles_by_first_[static_cast<unsigned char>(low(text[i]))]) {
        if (hit_get(k) || needle.size() > text.size() - i) continue;
        size_t j = 1;
        while (j < needle.size() && low(text[i + j]) == needle[j]) ++j;
        if (j == needle.size()) hit_bits |= uint64_t{1} << k;
      }
    }
    for (size_t k = 0; k < string_matchers_.size(); ++k) {
      auto [r, m] = string_matchers_[k];
      const Matcher& mt = rules_[r].match[m];
      if (hit_get(k) || (mt.string_regex && regex_find(*mt.string_regex, o.text))) fn(r);
    }
    if (o.kind == ObsKind::string) return;
  }
  if (o.kind == ObsKind::payload) return;
  try_list(o.name);
  if (o.kind == ObsKind::import_module) {  // "a.b.c" also matches rules on "a" and "a.b"
    for (size_t p = o.name.find('.'); p != std::string::npos; p = o.name.find('.', p + 1))
      try_list(o.name.substr(0, p));
  }
  for (const auto& [prefix, r, m] : prefixes_[kind])
    if (o.name.compare(0, prefix.size(), prefix) == 0 && rules_[r].match[m].matches(o)) fn(r);
}

}  // namespace mai::assess
