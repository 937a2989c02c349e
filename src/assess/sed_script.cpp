#include "assess/sed_script.hpp"

#include <re2/re2.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <vector>
#include <string_view>

#include "assess/value.hpp"

namespace mai::assess {

namespace {

constexpr size_t kMaxOutput = 4u << 20;

struct Substitution {
  std::string pattern;      // as written, the delimiter unescaped
  std::string replacement;  // likewise
  bool global = false, ignore_case = false;
};

// Up to the next unescaped `delim` from `at`: an escaped delimiter is the
// delimiter itself, every other escape stays as written.
std::optional<std::string> part_until(const std::string& s, size_t& at, char delim) {
  std::string out;
  for (; at < s.size(); ++at) {
    if (s[at] == delim) {
      ++at;
      return out;
    }
    if (s[at] == '\\' && at + 1 < s.size()) {
      if (s[at + 1] != delim) out += '\\';
      out += s[++at];
      continue;
    }
    out += s[at];
  }
  return std::nullopt;
}

// The substitutions of a script, in order (`s/[0-9]*$//; s/p$//`), or
// nullopt when it holds anything else (an address, another command).
std::optional<std::vector<Substitution>> parse_substitutions(const std::string& script) {
  std::vector<Substitution> subs;
  size_t at = 0;
  for (;;) {
    while (at < script.size() && std::strchr(" \t\n;", script[at])) ++at;
    if (at >= script.size()) break;
    if (script.size() < at + 4 || script[at] != 's') return std::nullopt;
    const char delim = script[at + 1];
    if (delim == '\\' || delim == '\n' || delim == ' ' || delim == ';') return std::nullopt;
    at += 2;
    Substitution sub;
    auto pattern = part_until(script, at, delim);
    if (!pattern || pattern->empty()) return std::nullopt;
    auto replacement = part_until(script, at, delim);
    if (!replacement) return std::nullopt;
    sub.pattern = std::move(*pattern);
    sub.replacement = std::move(*replacement);
    for (; at < script.size() && !std::strchr(" \t\n;", script[at]); ++at) {
      if (script[at] == 'g') sub.global = true;
      else if (script[at] == 'I' || script[at] == 'i') sub.ignore_case = true;
      else return std::nullopt;  // p, w FILE, a count
    }
    subs.push_back(std::move(sub));
  }
  if (subs.empty()) return std::nullopt;
  return subs;
}

// A sed pattern as RE2 syntax, or nullopt for what RE2 has no form of
// (back-references, GNU's word edges \< \>).
std::optional<std::string> to_re2(const std::string& p, bool extended) {
  std::string out;
  for (size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '[') {
      // A bracket expression, to its closing ']' (one right after '[' or
      // "[^" is a member); a backslash in it is a member too.
      size_t j = i + 1;
      if (j < p.size() && p[j] == '^') ++j;
      if (j < p.size() && p[j] == ']') ++j;
      while (j < p.size() && p[j] != ']') {
        if (p[j] == '[' && j + 1 < p.size() && (p[j + 1] == ':' || p[j + 1] == '=' || p[j + 1] == '.')) {
          size_t close = p.find(std::string(1, p[j + 1]) + "]", j + 2);
          if (close == std::string::npos) return std::nullopt;
          j = close + 2;
          continue;
        }
        ++j;
      }
      if (j >= p.size()) return std::nullopt;
      for (size_t k = i; k <= j; ++k) out += p[k] == '\\' ? std::string("\\\\") : std::string(1, p[k]);
      i = j;
      continue;
    }
    if (c == '\\') {
      if (i + 1 >= p.size()) return std::nullopt;
      const char n = p[++i];
      if (std::isdigit(static_cast<unsigned char>(n)) || n == '<' || n == '>' || n == '`' || n == '\'') return std::nullopt;
      if (!extended && std::strchr("(){}?+|", n)) out += n;                    // BRE operators
      else if (n == 'n') out += "\\n";
      else if (n == 't') out += "\\t";
      else if (std::strchr("wWsSbB", n)) out += std::string("\\") + n;
      else if (std::isalnum(static_cast<unsigned char>(n))) return std::nullopt;
      else out += std::string("\\") + n;                                     // an escaped literal
      continue;
    }
    if (!extended && std::strchr("(){}?+|", c)) {
      out += std::string("\\") + c;  // literal in a BRE
      continue;
    }
    // A '*' with nothing to repeat is literal.
    if (c == '*' && (out.empty() || out.back() == '(' || out.back() == '|' || out == "^")) {
      out += "\\*";
      continue;
    }
    out += c;
  }
  return out;
}

// A sed replacement as an RE2 rewrite: & the match, \N a group, \n a newline.
std::string to_rewrite(const std::string& r) {
  std::string out;
  for (size_t i = 0; i < r.size(); ++i) {
    const char c = r[i];
    if (c == '&') {
      out += "\\0";
    } else if (c == '\\' && i + 1 < r.size()) {
      const char n = r[++i];
      if (std::isdigit(static_cast<unsigned char>(n))) out += std::string("\\") + n;
      else if (n == 'n') out += '\n';
      else if (n == 't') out += '\t';
      else if (n == '\\') out += "\\\\";
      else out += n;  // \& and any other escaped character: itself
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> sed_substitute(const std::string& script, const std::string& text, bool extended) {
  auto subs = parse_substitutions(script);
  if (!subs) return std::nullopt;
  struct Compiled {
    std::unique_ptr<RE2> re;
    std::string rewrite;
    bool global;
    size_t refs = 0;  // \0 to \9 in the rewrite
  };
  std::vector<Compiled> steps;
  for (const auto& sub : *subs) {
    auto pattern = to_re2(sub.pattern, extended);
    if (!pattern) return std::nullopt;
    RE2::Options options;
    options.set_case_sensitive(!sub.ignore_case);
    options.set_log_errors(false);
    Compiled c{std::make_unique<RE2>(*pattern, options), to_rewrite(sub.replacement), sub.global};
    for (size_t i = 0; i + 1 < c.rewrite.size(); ++i)
      if (c.rewrite[i] == '\\') c.refs += std::isdigit(static_cast<unsigned char>(c.rewrite[++i])) ? 1 : 0;
    std::string error;
    if (!c.re->ok() || !c.re->CheckRewriteString(c.rewrite, &error)) return std::nullopt;
    steps.push_back(std::move(c));
  }
  // Line by line, each substitution in turn, as sed runs its script per line.
  // A replacement at every position of a long line can multiply it: past
  // kMaxOutput the text is not known (the assessor's memory stays bounded).
  std::string out;
  for (size_t b = 0; b < text.size();) {
    size_t e = text.find('\n', b);
    const bool ended = e != std::string::npos;
    std::string line = text.substr(b, ended ? e - b : std::string::npos);
    for (const auto& c : steps) {
      // (matches do not overlap, so all the references of all the
      // replacements together repeat the line at most `refs` times)
      const size_t worst = line.size() * (1 + c.refs) + (c.global ? line.size() + 1 : 1) * c.rewrite.size();
      if (out.size() + worst > kMaxOutput) return std::nullopt;
      if (c.global) RE2::GlobalReplace(&line, *c.re, c.rewrite);
      else RE2::Replace(&line, *c.re, c.rewrite);
    }
    out += line;
    if (ended) out += '\n';
    b = ended ? e + 1 : text.size();
  }
  return out;
}

// A pattern anchored at the line's end that cannot match '/'.
static bool ends_short_of_slash(const std::string& re) {
  for (size_t i = 0; i < re.size(); ++i)
    if (re[i] == '\\') {
      // \? \+ \( \) \{ \} \| and digits are operators and groups; \w, \S may match '/'
      if (i + 1 >= re.size() || !std::strchr("?+(){}|0123456789", re[i + 1])) return false;
      ++i;
    }
  if (re.back() != '$' || (re.size() > 1 && re[re.size() - 2] == '\\')) return false;
  return re.find_first_of("./") == std::string::npos && re.find("[^") == std::string::npos;
}

std::string sed_suffix_kept(const std::string& script, const std::string& text) {
  auto subs = parse_substitutions(script);
  if (!subs) return "";
  for (const auto& sub : *subs)
    if (!ends_short_of_slash(sub.pattern)) return "";
  std::string out;
  for (size_t b = 0; b < text.size();) {
    size_t e = std::min(text.find('\n', b), text.size());
    std::string_view line(text.data() + b, e - b);
    size_t slash = line.rfind('/');
    if (slash != std::string_view::npos) out.append(line.substr(0, slash + 1));
    out += kUnknownPart;
    out += '\n';
    b = e + 1;
  }
  return out;
}

}  // namespace mai::assess
