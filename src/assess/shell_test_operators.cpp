#include "assess/shell_test_operators.hpp"

namespace mai::assess {

namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

std::string rewrite_test_orderings(std::string_view code) {
  if (code.find("\\<") == std::string_view::npos && code.find("\\>") == std::string_view::npos) return {};
  std::string out(code);
  bool changed = false;
  char quote = 0;        // the quote open here, if any
  bool in_test = false;  // a `[` or `test` word earlier on this line, outside quotes
  for (size_t i = 0; i < out.size(); ++i) {
    char c = out[i];
    if (c == '\n') {
      in_test = false;
      if (quote == 0) continue;
    }
    if (quote) {
      if (c == quote) quote = 0;
      else if (quote == '"' && c == '\\') ++i;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      continue;
    }
    const bool word_start = i == 0 || blank(out[i - 1]) || out[i - 1] == '\n' || out[i - 1] == ';';
    if (word_start && c == '[' && i + 1 < out.size() && blank(out[i + 1])) in_test = true;
    if (word_start && out.compare(i, 5, "test ") == 0) in_test = true;
    if (c == '\\' && i + 2 < out.size() && (out[i + 1] == '<' || out[i + 1] == '>') && blank(out[i + 2]) &&
        i > 0 && blank(out[i - 1]) && in_test) {
      out[i] = '!';
      out[i + 1] = '=';
      changed = true;
      ++i;
      continue;
    }
    if (c == '\\') ++i;  // an escaped character is a character
  }
  return changed ? out : std::string();
}

}  // namespace mai::assess
