// config/assessment.yaml: the rubric as data. Each rule names the effects it
// applies to (kind, tag, taint of the data, path classes of the target, flags,
// mode) and the level, message, explanation and the way to make the code
// acceptable; rules marked `origin: external` are the weaker-evidence
// heuristics applied to code from outside only. Facts have no finding of
// their own; combinations (`when`) fire when their facts do.
#pragma once
#include <re2/re2.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "assess/effects.hpp"
#include "assess/library_model.hpp"
#include "config/yaml_node.hpp"
#include "model/enums.hpp"

namespace mai::assess {

struct Matcher {
  uint32_t effects = 0;              // bit per Eff; 0 = any
  std::vector<std::string> tags;     // any of; empty = any
  std::vector<std::string> not_tags;
  uint32_t taint = 0;                // data taint: any of these
  uint32_t all_taint = 0;            // data taint: all of these
  uint32_t not_taint = 0;            // data taint: none of these
  uint32_t target_taint = 0;         // target taint: any of these
  uint32_t all_target_taint = 0;     // target taint: all of these (a file's text, encoded, in a looked-up name)
  uint32_t not_target_taint = 0;     // target taint: none of these (a destination the user configured)
  uint32_t path = 0;                 // target path classes: any of these
  uint32_t not_path = 0;
  uint32_t flags = 0;                // all of these
  uint32_t not_flags = 0;
  uint32_t any_flags = 0;            // at least one of these
  std::vector<std::string> modes;    // world_writable, setuid, executable
  std::shared_ptr<const LazyRegex> target, detail, not_target, not_detail;

  bool matches(const Effect& e) const;
};

struct Rule {
  std::string id;
  bool is_fact = false;
  RiskLevel level = RiskLevel::low;
  std::string message;     // {target} {detail} {taint} {tag} substituted
  std::string explain;     // what the code does, for a BLOCKED explanation
  std::string acceptable;  // what would make it acceptable
  bool external_only = false;
  std::vector<Matcher> match;
  std::vector<std::string> all, any;
  std::vector<size_t> all_idx, any_idx;
};

class RuleSet {
 public:
  // Parses `assessment.yaml`; the library model gives the path class names.
  // Throws ConfigError naming file:line:field.
  static RuleSet parse(const config::Node& root, const LibraryModel& lib);

  const std::vector<Rule>& rules() const { return rules_; }
  const Rule* find(const std::string& id) const;
  const std::vector<size_t>& direct() const { return direct_; }
  const std::vector<size_t>& combinations() const { return combos_; }
  // (rule, matcher) pairs that can match an effect of this kind.
  const std::vector<std::pair<size_t, size_t>>& candidates(Eff kind) const {
    return by_effect_[static_cast<size_t>(kind)];
  }

 private:
  std::vector<Rule> rules_;
  std::unordered_map<std::string, size_t> by_id_;
  std::vector<size_t> direct_, combos_;
  std::vector<std::pair<size_t, size_t>> by_effect_[static_cast<size_t>(Eff::count_)];
};

}  // namespace mai::assess
