#include "assess/rules.hpp"

#include <algorithm>

#include "assess/taint.hpp"

namespace mai::assess {
namespace {

struct FlagName {
  const char* name;
  uint32_t bit;
};
constexpr FlagName kFlags[] = {
    {"infinite_loop", kInInfiniteLoop}, {"in_loop", kInLoop},         {"stdio_socket", kStdioSocket},
    {"shell_interp", kShellInterp},     {"recursive", kRecursive},    {"replaces", kReplaces},
    {"background", kBackground},        {"const_target", kConstTarget}, {"external_hint", kExternalHint},
    {"waited", kWaited},                {"recursive_delete", kRecursiveDelete}, {"auth_header", kAuthHeader},
    {"overwrite", kOverwrite},          {"in_hook", kInHook},
    {"over_data", kOverData}, {"conditional", kConditional}, {"unthrottled", kUnthrottled},
    {"own_output", kOwnOutput}, {"repeated", kRepeated}, {"copy_stops", kCopyStops}};

uint32_t parse_flags(const config::Node& n) {
  uint32_t bits = 0;
  for (const auto& item : n.items()) {
    std::string s = item.as_string();
    bool ok = false;
    for (const auto& f : kFlags)
      if (s == f.name) bits |= f.bit, ok = true;
    if (!ok) item.fail("unknown flag '" + s + "'");
  }
  return bits;
}

uint32_t parse_taint(const config::Node& n) {
  uint32_t bits = 0;
  for (const auto& item : n.items()) {
    auto b = taint_from_name(item.as_string());
    if (!b) item.fail("unknown taint '" + item.as_string() + "'");
    bits |= *b;
  }
  return bits;
}

uint32_t parse_paths(const config::Node& n, const LibraryModel& lib) {
  uint32_t bits = 0;
  for (const auto& item : n.items()) {
    auto b = lib.path_class_bit(item.as_string());
    if (!b) item.fail("unknown path class '" + item.as_string() + "' (see library-model.yaml path_classes)");
    bits |= *b;
  }
  return bits;
}

std::shared_ptr<const LazyRegex> regex(const config::Node& n) { return LazyRegex::from(n, 4 << 20); }

Matcher parse_matcher(const config::Node& n, const LibraryModel& lib) {
  n.expect_map();
  n.expect_keys({"effect", "tag", "not_tag", "taint", "all_taint", "not_taint", "target_taint", "all_target_taint", "not_target_taint", "path", "not_path",
                 "flags", "not_flags", "any_flags", "mode", "target", "detail", "not_target", "not_detail"});
  Matcher m;
  if (n.has("effect"))
    for (const auto& item : n["effect"].items()) {
      Eff e;
      if (!eff_from_name(item.as_string(), e)) item.fail("unknown effect '" + item.as_string() + "'");
      m.effects |= 1u << static_cast<uint32_t>(e);
    }
  if (n.has("tag")) m.tags = n["tag"].as_string_list();
  if (n.has("not_tag")) m.not_tags = n["not_tag"].as_string_list();
  if (n.has("taint")) m.taint = parse_taint(n["taint"]);
  if (n.has("all_taint")) m.all_taint = parse_taint(n["all_taint"]);
  if (n.has("not_taint")) m.not_taint = parse_taint(n["not_taint"]);
  if (n.has("target_taint")) m.target_taint = parse_taint(n["target_taint"]);
  if (n.has("all_target_taint")) m.all_target_taint = parse_taint(n["all_target_taint"]);
  if (n.has("not_target_taint")) m.not_target_taint = parse_taint(n["not_target_taint"]);
  if (n.has("path")) m.path = parse_paths(n["path"], lib);
  if (n.has("not_path")) m.not_path = parse_paths(n["not_path"], lib);
  if (n.has("flags")) m.flags = parse_flags(n["flags"]);
  if (n.has("not_flags")) m.not_flags = parse_flags(n["not_flags"]);
  if (n.has("any_flags")) m.any_flags = parse_flags(n["any_flags"]);
  if (n.has("mode")) {
    m.modes = n["mode"].as_string_list();
    for (const auto& s : m.modes)
      if (s != "world_writable" && s != "setuid" && s != "executable" && s != "world_readable_secret")
        n["mode"].fail("unknown mode predicate '" + s + "' (world_writable, setuid, executable)");
  }
  if (n.has("target")) m.target = regex(n["target"]);
  if (n.has("detail")) m.detail = regex(n["detail"]);
  if (n.has("not_target")) m.not_target = regex(n["not_target"]);
  if (n.has("not_detail")) m.not_detail = regex(n["not_detail"]);
  return m;
}

bool mode_is(const std::string& pred, int64_t mode) {
  if (mode < 0) return false;
  if (pred == "world_writable") return (mode & 02) != 0;
  if (pred == "setuid") return (mode & 06000) != 0;
  if (pred == "executable") return (mode & 0111) != 0;
  return false;
}

}  // namespace

bool Matcher::matches(const Effect& e) const {
  if (effects && !(effects & (1u << static_cast<uint32_t>(e.kind)))) return false;
  if (!tags.empty() && std::find(tags.begin(), tags.end(), e.tag) == tags.end()) return false;
  if (!not_tags.empty() && std::find(not_tags.begin(), not_tags.end(), e.tag) != not_tags.end()) return false;
  if (taint && !(e.data_taint & taint)) return false;
  if (all_taint && (e.data_taint & all_taint) != all_taint) return false;
  if (not_taint && (e.data_taint & not_taint)) return false;
  if (target_taint && !(e.target_taint & target_taint)) return false;
  if (all_target_taint && (e.target_taint & all_target_taint) != all_target_taint) return false;
  if (not_target_taint && (e.target_taint & not_target_taint)) return false;
  if (path && !(e.path_classes & path)) return false;
  if (not_path && (e.path_classes & not_path)) return false;
  if (flags && (e.flags & flags) != flags) return false;
  if (not_flags && (e.flags & not_flags)) return false;
  if (any_flags && !(e.flags & any_flags)) return false;
  if (!modes.empty()) {
    bool any = false;
    for (const auto& m : modes)
      if (mode_is(m, e.mode)) any = true;
    if (!any) return false;
  }
  if (target && !RE2::PartialMatch(e.target, target->re())) return false;
  if (detail && !RE2::PartialMatch(e.detail, detail->re())) return false;
  if (not_target && RE2::PartialMatch(e.target, not_target->re())) return false;
  if (not_detail && RE2::PartialMatch(e.detail, not_detail->re())) return false;
  return true;
}

RuleSet RuleSet::parse(const config::Node& root, const LibraryModel& lib) {
  RuleSet rs;
  root.expect_map();
  root.expect_keys({"version", "rules"});
  if (root["version"].as_uint(1, 1) != 1) root["version"].fail("unsupported version");
  auto list = root["rules"];
  if (!list.is_sequence()) list.fail("expected a list of rules");
  for (const auto& n : list.items()) {
    n.expect_map();
    n.expect_keys({"id", "fact", "level", "message", "explain", "acceptable", "origin", "match", "when"});
    Rule r;
    r.id = n["id"].as_string();
    if (r.id.empty()) n["id"].fail("empty id");
    if (rs.by_id_.count(r.id)) n["id"].fail("duplicate rule id '" + r.id + "'");
    r.is_fact = n.has("fact") && n["fact"].as_bool();
    if (!r.is_fact) {
      auto l = parse_risk_level(n["level"].as_string());
      if (!l) n["level"].fail("expected LOW, MEDIUM, HIGH or BLOCKED");
      r.level = *l;
      r.message = n["message"].as_string();
      if (n.has("explain")) r.explain = n["explain"].as_string();
      if (n.has("acceptable")) r.acceptable = n["acceptable"].as_string();
      if (r.level == RiskLevel::blocked && (r.explain.empty() || r.acceptable.empty()))
        n.fail("a BLOCKED rule needs `explain` and `acceptable`");
    }
    if (n.has("origin")) {
      std::string o = n["origin"].as_string();
      if (o != "any" && o != "external") n["origin"].fail("expected any or external");
      r.external_only = o == "external";
    }
    if (n.has("match") == n.has("when")) n.fail("a rule needs exactly one of `match` and `when`");
    if (n.has("match")) {
      auto ms = n["match"];
      if (!ms.is_sequence()) ms.fail("expected a list of matchers");
      for (const auto& m : ms.items()) r.match.push_back(parse_matcher(m, lib));
    } else {
      auto w = n["when"];
      w.expect_keys({"all", "any"});
      if (w.has("all")) r.all = w["all"].as_string_list();
      if (w.has("any")) r.any = w["any"].as_string_list();
      if (r.all.empty() && r.any.empty()) w.fail("`when` needs `all` or `any`");
    }
    rs.by_id_[r.id] = rs.rules_.size();
    rs.rules_.push_back(std::move(r));
  }
  // Resolve combinations; they may only name rules defined before them.
  for (size_t i = 0; i < rs.rules_.size(); ++i) {
    Rule& r = rs.rules_[i];
    auto items = list.items();
    for (auto* names : {&r.all, &r.any})
      for (const auto& name : *names) {
        auto it = rs.by_id_.find(name);
        if (it == rs.by_id_.end() || it->second >= i)
          items[i]["when"].fail("unknown or later fact or rule '" + name + "'");
        (names == &r.all ? r.all_idx : r.any_idx).push_back(it->second);
      }
    if (r.match.empty()) rs.combos_.push_back(i);
    else rs.direct_.push_back(i);
    for (size_t m = 0; m < r.match.size(); ++m)
      for (size_t k = 0; k < static_cast<size_t>(Eff::count_); ++k)
        if (!r.match[m].effects || (r.match[m].effects & (1u << k))) rs.by_effect_[k].emplace_back(i, m);
  }
  return rs;
}

const Rule* RuleSet::find(const std::string& id) const {
  auto it = by_id_.find(id);
  return it == by_id_.end() ? nullptr : &rules_[it->second];
}

}  // namespace mai::assess
