#include "assess/analysis.hpp"

#include "assess/python_analyzer.hpp"
#include "assess/shell_analyzer.hpp"

namespace mai::assess {

void Analysis::add(Observation o) {
  if (obs_.size() >= kMaxObservations) return;
  if (pinned_) {
    o.line = pin_line_;
    o.col = pin_col_;
    if (!*o.via) o.via = via_;
  }
  obs_.push_back(std::move(o));
}

bool Analysis::enter(std::string_view code, uint32_t line, uint32_t col, const char* via) {
  if (code.empty() || depth_ >= kMaxDepth || code.size() > budget_) return false;
  std::string key(via);
  key.push_back('\0');
  key.append(code.substr(0, 4096));
  key += std::to_string(code.size());
  if (!seen_.insert(std::move(key)).second) return false;
  budget_ -= code.size();
  ++depth_;
  if (!pinned_) {
    pinned_ = true;
    pin_line_ = line;
    pin_col_ = col;
    via_ = via;
  }
  return true;
}

void Analysis::python(std::string_view code, uint32_t line, uint32_t col, const char* via) {
  bool was = pinned_;
  uint32_t pl = pin_line_, pc = pin_col_;
  const char* pv = via_;
  if (!enter(code, line, col, via)) return;
  analyze_python(code, *this);
  leave(was, pl, pc, pv);
}

void Analysis::shell(std::string_view code, uint32_t line, uint32_t col, const char* via) {
  bool was = pinned_;
  uint32_t pl = pin_line_, pc = pin_col_;
  const char* pv = via_;
  if (!enter(code, line, col, via)) return;
  analyze_shell(code, *this);
  leave(was, pl, pc, pv);
}

void Analysis::argv(const std::vector<std::string>& words, uint32_t line, uint32_t col, const char* via) {
  std::string cmd;
  for (const auto& w : words) {
    if (!cmd.empty()) cmd.push_back(' ');
    if (!w.empty() && w.find_first_of(" \t\n'\"\\$`|&;<>(){}*?[]#~") == std::string::npos) {
      cmd += w;
      continue;
    }
    cmd.push_back('\'');
    for (char c : w) {
      if (c == '\'') cmd += "'\\''";
      else cmd.push_back(c);
    }
    cmd.push_back('\'');
  }
  shell(cmd, line, col, via);
}

void Analysis::leave(bool was_pinned, uint32_t pl, uint32_t pc, const char* pv) {
  --depth_;
  pinned_ = was_pinned;
  pin_line_ = pl;
  pin_col_ = pc;
  via_ = pv;
}

}  // namespace mai::assess
