// The rule language of config/assessment.yaml: parsing (every error names the
// file, line and field) and matching observations against rules.
//
//   semantics:        what the front ends need to know about APIs
//     network_sources: [qualified calls whose result is network data]
//     shell_calls:     [calls whose string argument is a shell command line]
//     argv_calls:      [calls whose list argument is an argv]
//     exec_calls:      [calls that run their argument as Python code]
//   facts:            named behaviours, no finding of their own
//     - id: net_connect
//       match: [{call: [socket.socket().connect]}]
//   rules:            findings
//     - id: PY-OS-SYSTEM
//       level: MEDIUM
//       behavioural: false
//       message: runs a shell command
//       match: [{call: [os.system], args: 'regex'}]
//     - id: PY-REVERSE-SHELL
//       level: BLOCKED
//       behavioural: true
//       message: ...
//       when: {all: [net_connect, fd_dup], any: [shell_spawn]}
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "assess/observation.hpp"
#include "config/yaml_node.hpp"
#include "model/enums.hpp"

namespace mai::assess {

struct TaintConfig {
  enum : uint8_t { kNetworkSource = 1, kShellCall = 2, kArgvCall = 4, kExecCall = 8 };
  std::unordered_map<std::string, uint8_t> calls;  // qualified call -> the bits above
  uint8_t of(const std::string& q) const {
    auto it = calls.find(q);
    return it == calls.end() ? 0 : it->second;
  }
};

// A regular expression with a literal prefilter: the needles are strings one
// of which any match must contain (derived from the pattern, as RE2 does), so
// most texts are rejected by a substring search without running the regex.
struct Regex {
  std::regex re;
  std::vector<std::string> needles;  // empty: no prefilter possible
  std::string source;
};
Regex make_regex(const std::string& source);  // throws std::regex_error
std::vector<std::string> regex_needles(const std::string& source);

struct Matcher {
  ObsKind kind = ObsKind::call;
  std::vector<std::string> names;  // exact, or "prefix*"; imports match submodules too
  std::optional<Regex> args;  // call: a constant argument; command: its argument line
  int arg_index = -1;              // call: only this positional argument
  std::vector<std::pair<std::string, std::string>> keywords;  // call: k=constant required
  std::vector<std::string> substrings;                       // string: any of (case-insensitive)
  std::optional<Regex> string_regex;                    // string: regex
  std::vector<std::string> pipe_to, subst;                   // command
  std::optional<Regex> redirect;                        // command
  uint32_t flags = 0;                                        // call/command: value flags present
  struct Where {
    int index = -1;         // positional argument
    std::string keyword;    // or this keyword argument
    Regex re;
  };
  std::vector<Where> where;  // call: every listed argument is constant and matches
  int nonconst = -1;         // call: this positional argument is not a constant

  bool matches(const Observation& o) const;
  // String matchers; `lower` is `text` in lower case.
  bool matches_text(std::string_view text, std::string_view lower) const;
};

struct Rule {
  std::string id;
  bool is_fact = false;
  RiskLevel level = RiskLevel::low;
  std::string message;
  std::string explain;        // plain words for a BLOCKED verdict (default: message)
  bool behavioural = false;   // applies to external code only
  std::vector<Matcher> match;  // any of
  std::vector<std::string> all, any;  // combination over fired rule/fact ids
  std::vector<size_t> all_idx, any_idx;
};

class RuleSet {
 public:
  // Parses the `assessment.yaml` document; throws ConfigError.
  static RuleSet parse(const config::Node& root);

  const std::vector<Rule>& rules() const { return rules_; }
  const TaintConfig& taint() const { return taint_; }
  const Rule* find(const std::string& id) const;
  // Calls fn(rule index) for each direct matcher that matches `o`.
  void match(const Observation& o, const std::function<void(size_t)>& fn) const;
  const std::vector<size_t>& combinations() const { return combos_; }
  // Whether any string matcher could match `text` (a cheap superset test).
  bool string_may_match(std::string_view text) const;

 private:
  std::vector<Rule> rules_;
  TaintConfig taint_;
  std::unordered_map<std::string, size_t> by_id_;
  // Per observation kind: name -> (rule, matcher); names ending in '*' are prefixes.
  static constexpr size_t kKinds = 6;
  std::unordered_map<std::string, std::vector<std::pair<size_t, size_t>>> index_[kKinds];
  std::vector<std::tuple<std::string, size_t, size_t>> prefixes_[kKinds];
  std::vector<std::pair<size_t, size_t>> string_matchers_;
  // Every substring of every string matcher, by its first (lower-case) byte:
  // one pass over a text finds them all, case-insensitively.
  std::vector<std::pair<std::string, size_t>> needles_by_first_[256];
  std::vector<size_t> combos_;
};

// Regex search that never throws and bounds its input (std::regex recurses).
bool regex_find(const Regex& re, std::string_view text);

}  // namespace mai::assess
