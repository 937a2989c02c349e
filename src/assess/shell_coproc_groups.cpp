#include "assess/shell_coproc_groups.hpp"

#include <cctype>

namespace mai::assess {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The position of the `}` that closes the group whose `{` is at `open`,
// skipping quoted text and ${...} expansions; npos if the code ends first or
// the group spans more than one command (an unquoted `;` or newline before a
// later command).
size_t group_end(std::string_view code, size_t open) {
  int depth = 0;  // ${ and nested { inside the group
  char quote = 0;
  bool ended_command = false;  // a `;` or newline after the command: only `}` may follow
  bool command = false;        // a word of the command seen
  for (size_t i = open + 1; i < code.size(); ++i) {
    char c = code[i];
    if (quote) {
      if (c == '\\' && quote == '"' && i + 1 < code.size()) ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\\' && i + 1 < code.size()) {
      ++i;  // an escaped character, a line continuation too
      continue;
    }
    if (c == '\'' || c == '"') {
      if (ended_command) return std::string_view::npos;
      command = true;
      quote = c;
    } else if (c == '$' && i + 1 < code.size() && code[i + 1] == '{') {
      ++depth;
      ++i;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth == 0) return i;
      --depth;
    } else if ((c == ';' || c == '\n') && depth == 0) {
      ended_command = command;
    } else if (!std::isspace(static_cast<unsigned char>(c))) {
      if (ended_command) return std::string_view::npos;
      command = true;
    }
  }
  return std::string_view::npos;
}

// Whether a word starting at `at` is in command position: first on its line
// or after a separator, an opening group, or a keyword that starts a command.
bool command_position(std::string_view code, size_t at) {
  size_t k = at;
  while (k > 0 && std::isblank(static_cast<unsigned char>(code[k - 1]))) --k;
  if (k == 0) return true;
  char c = code[k - 1];
  if (c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == '{' || c == '!') return true;
  for (std::string_view keyword : {"then", "do", "else"}) {
    if (k >= keyword.size() && code.substr(k - keyword.size(), keyword.size()) == keyword &&
        (k == keyword.size() || !word_char(code[k - keyword.size() - 1])))
      return true;
  }
  return false;
}

}  // namespace

std::string blank_coproc_group_ends(std::string_view code) {
  std::string out;
  size_t from = 0;
  while ((from = code.find("coproc", from)) != std::string_view::npos) {
    size_t at = from;
    from += 6;
    if ((at > 0 && word_char(code[at - 1])) || from >= code.size() ||
        !std::isblank(static_cast<unsigned char>(code[from])) || !command_position(code, at))
      continue;
    // coproc [NAME] {
    size_t p = from;
    while (p < code.size() && std::isblank(static_cast<unsigned char>(code[p]))) ++p;
    if (p < code.size() && code[p] != '{') {
      size_t name_end = p;
      while (name_end < code.size() && word_char(code[name_end])) ++name_end;
      if (name_end == p) continue;
      p = name_end;
      while (p < code.size() && std::isblank(static_cast<unsigned char>(code[p]))) ++p;
    }
    if (p >= code.size() || code[p] != '{') continue;
    size_t close = group_end(code, p);
    if (close == std::string_view::npos) continue;
    if (out.empty()) out = std::string(code);
    out[close] = ' ';
    // The `;` before it ends the command early; a newline stays (lines keep their numbers).
    for (size_t k = close; k-- > p;) {
      if (out[k] == ';') {
        out[k] = ' ';
        break;
      }
      if (!std::isspace(static_cast<unsigned char>(out[k]))) break;
    }
    from = close + 1;
  }
  return out;
}

}  // namespace mai::assess
