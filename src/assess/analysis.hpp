// The state of one assessment's front-end pass: the observations so far and
// the budget for nested code (strings passed to exec, shell command lines,
// decoded payloads), which is analyzed in turn with its findings placed at the
// outer location.
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "assess/observation.hpp"

namespace mai::assess {

struct TaintConfig;  // rules.hpp

class Analysis {
 public:
  explicit Analysis(const TaintConfig& taint, size_t nested_budget = 4u << 20)
      : taint_(taint), budget_(nested_budget) {
    obs_.reserve(128);
  }

  void add(Observation o);
  // Analyzes nested code; every observation it yields is placed at line/col.
  void python(std::string_view code, uint32_t line, uint32_t col, const char* via);
  void shell(std::string_view code, uint32_t line, uint32_t col, const char* via);
  // An argv (subprocess list form): analyzed as one shell command.
  void argv(const std::vector<std::string>& words, uint32_t line, uint32_t col, const char* via);

  const TaintConfig& taint() const { return taint_; }
  // Whether a string constant can matter to any rule (string matchers, known
  // threats); front ends skip the observation otherwise. Unset: all matter.
  std::function<bool(std::string_view)> string_filter;
  bool wants_string(std::string_view s) const { return !string_filter || string_filter(s); }
  std::vector<Observation>& observations() { return obs_; }
  int depth() const { return depth_; }
  bool pinned() const { return pinned_; }

  static constexpr int kMaxDepth = 8;
  static constexpr size_t kMaxObservations = 200000;

 private:
  bool enter(std::string_view code, uint32_t line, uint32_t col, const char* via);
  void leave(bool was_pinned, uint32_t pl, uint32_t pc, const char* pv);

  const TaintConfig& taint_;
  std::vector<Observation> obs_;
  size_t budget_;
  int depth_ = 0;
  bool pinned_ = false;
  uint32_t pin_line_ = 0, pin_col_ = 0;
  const char* via_ = "";
  std::unordered_set<std::string> seen_;  // nested code already analyzed at this depth
};

// The front ends; both append to `a` and never throw.
void analyze_python(std::string_view code, Analysis& a);
void analyze_shell(std::string_view code, Analysis& a);

}  // namespace mai::assess
