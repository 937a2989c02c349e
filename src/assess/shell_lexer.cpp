#include "assess/shell_lexer.hpp"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace mai::assess::sh {
namespace {
bool is_meta(char c) { return std::strchr("|&;<>()\n \t\r", c) != nullptr && c != '\0'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
constexpr size_t kMaxWord = 1u << 20;

// What a trivial substitution prints: $(echo X), $(printf X), `which X`,
// $(command -v X). Anything else stays unknown.
std::optional<std::string> simple_subst(const std::string& inner) {
  if (inner.find_first_of("|;&<>$`(){}") != std::string::npos) return std::nullopt;
  std::vector<std::string> words;
  std::string cur;
  char quote = 0;
  for (char c : inner) {
    if (quote) {
      if (c == quote) quote = 0;
      else cur.push_back(c);
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (!cur.empty()) words.push_back(cur), cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  if (!cur.empty()) words.push_back(cur);
  if (words.size() < 2) return std::nullopt;
  size_t k = 1;
  if (words[0] == "echo" || words[0] == "printf") {
    while (k < words.size() && words[k].size() > 1 && words[k][0] == '-') ++k;
    if (words[0] == "printf" && k < words.size() && words[k] == "%s") ++k;
    std::string out;
    for (; k < words.size(); ++k) out += (out.empty() ? "" : " ") + words[k];
    return out;
  }
  if (words[0] == "which" || (words[0] == "command" && words[1] == "-v") || (words[0] == "type" && words[1] == "-P"))
    return words.back();
  return std::nullopt;
}
}  // namespace

void Lexer::adv() {
  if (s_[p_] == '\n') {
    ++line_;
    col_ = 1;
    if (skip_to_ > p_) {  // jump over heredoc bodies read ahead
      for (size_t k = p_ + 1; k < skip_to_ && k < s_.size(); ++k)
        if (s_[k] == '\n') ++line_;
      p_ = skip_to_;
      skip_to_ = 0;
      return;
    }
  } else {
    ++col_;
  }
  ++p_;
}

std::string Lexer::heredoc_body(const std::string& delim, bool strip_tabs) {
  size_t start = skip_to_ > p_ ? skip_to_ : s_.find('\n', p_);
  if (start == std::string_view::npos) return {};
  if (skip_to_ <= p_) ++start;
  std::string body;
  size_t q = start;
  while (q < s_.size()) {
    size_t e = s_.find('\n', q);
    if (e == std::string_view::npos) e = s_.size();
    std::string_view line = s_.substr(q, e - q);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (strip_tabs)
      while (!line.empty() && line.front() == '\t') line.remove_prefix(1);
    q = e + 1;
    if (line == delim) break;
    body.append(line);
    body.push_back('\n');
  }
  skip_to_ = q > s_.size() ? s_.size() : q;
  return body;
}

std::string Lexer::until_matching_paren() {
  // p_ is just after the opening "(".
  size_t start = p_;
  int depth = 1;
  while (p_ < s_.size()) {
    char c = s_[p_];
    if (c == '\\' && p_ + 1 < s_.size()) { adv(); adv(); continue; }
    if (c == '\'') {
      adv();
      while (p_ < s_.size() && s_[p_] != '\'') adv();
      if (p_ < s_.size()) adv();
      continue;
    }
    if (c == '"') {
      adv();
      while (p_ < s_.size() && s_[p_] != '"') {
        if (s_[p_] == '\\' && p_ + 1 < s_.size()) adv();
        adv();
      }
      if (p_ < s_.size()) adv();
      continue;
    }
    if (c == '(') ++depth;
    if (c == ')' && --depth == 0) {
      std::string inner(s_.substr(start, p_ - start));
      adv();
      return inner;
    }
    adv();
  }
  return std::string(s_.substr(start));
}

std::string Lexer::backtick() {
  adv();  // `
  std::string inner;
  while (p_ < s_.size() && s_[p_] != '`') {
    if (s_[p_] == '\\' && p_ + 1 < s_.size()) {
      adv();
    }
    inner.push_back(s_[p_]);
    adv();
  }
  if (p_ < s_.size()) adv();
  return inner;
}

void Lexer::ansi_c(std::string& out) {
  // p_ at the opening quote of $'...'.
  adv();
  while (p_ < s_.size() && s_[p_] != '\'') {
    char c = s_[p_];
    if (c != '\\' || p_ + 1 >= s_.size()) {
      out.push_back(c);
      adv();
      continue;
    }
    adv();
    char e = s_[p_];
    adv();
    auto hexv = [](char h) {
      if (h >= '0' && h <= '9') return h - '0';
      if (h >= 'a' && h <= 'f') return h - 'a' + 10;
      if (h >= 'A' && h <= 'F') return h - 'A' + 10;
      return -1;
    };
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': out.push_back('\r'); break;
      case 'e': case 'E': out.push_back('\x1b'); break;
      case 'a': out.push_back('\a'); break;
      case '\\': out.push_back('\\'); break;
      case '\'': out.push_back('\''); break;
      case '"': out.push_back('"'); break;
      case 'x': {
        int v = 0, n = 0;
        while (n < 2 && p_ < s_.size() && hexv(s_[p_]) >= 0) { v = v * 16 + hexv(s_[p_]); adv(); ++n; }
        out.push_back(static_cast<char>(v));
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          int v = e - '0', n = 1;
          while (n < 3 && p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '7') { v = v * 8 + (s_[p_] - '0'); adv(); ++n; }
          out.push_back(static_cast<char>(v));
        } else {
          out.push_back('\\');
          out.push_back(e);
        }
    }
  }
  if (p_ < s_.size()) adv();
}

// p_ at '$'.
void Lexer::dollar(Token& t, std::string& out, bool in_dq) {
  adv();
  if (p_ >= s_.size()) {
    out.push_back('$');
    return;
  }
  char c = s_[p_];
  if (c == '(') {
    adv();
    if (p_ < s_.size() && s_[p_] == '(') {  // $(( arithmetic ))
      adv();
      std::string inner = until_matching_paren();
      if (p_ < s_.size() && s_[p_] == ')') adv();
      out += "$((" + inner + "))";
      return;
    }
    std::string inner = until_matching_paren();
    t.substs.push_back(inner);
    if (auto v = simple_subst(inner)) out += *v;
    else out += "$(" + inner + ")";
    return;
  }
  if (c == '\'' && !in_dq) {
    ansi_c(out);
    t.quoted = true;
    return;
  }
  std::string name;
  std::string raw;
  if (c == '{') {
    adv();
    size_t start = p_;
    int depth = 1;
    while (p_ < s_.size()) {
      if (s_[p_] == '{') ++depth;
      if (s_[p_] == '}' && --depth == 0) break;
      adv();
    }
    std::string inner(s_.substr(start, p_ - start));
    if (p_ < s_.size()) adv();
    size_t n = 0;
    while (n < inner.size() && is_name_char(inner[n])) ++n;
    name = inner.substr(0, n);
    raw = "${" + inner + "}";
    std::string rest = inner.substr(n);
    // ${VAR:offset:length}: substrings of known values, and of the usual
    // environment (${PATH:0:1} is "/").
    if (rest.size() > 1 && rest[0] == ':' && std::isdigit(static_cast<unsigned char>(rest[1]))) {
      std::string value;
      if (auto v = name.empty() ? std::nullopt : vars_(name)) value = v->value;
      else if (name == "PATH") value = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
      else if (name == "HOME" || name == "PWD" || name == "SHELL" || name == "OLDPWD") value = "/";
      if (!value.empty()) {
        size_t off = static_cast<size_t>(std::atoi(rest.c_str() + 1));
        size_t colon = rest.find(':', 1);
        size_t len = colon == std::string::npos ? std::string::npos : static_cast<size_t>(std::atoi(rest.c_str() + colon + 1));
        if (off <= value.size()) out += value.substr(off, len);
        return;
      }
    }
    if (!rest.empty() && (rest.rfind(":-", 0) == 0 || rest.rfind("-", 0) == 0)) {
      auto v = name.empty() ? std::nullopt : vars_(name);
      if (!v) {
        out += rest.substr(rest[0] == ':' ? 2 : 1);
        return;
      }
    } else if (!rest.empty()) {
      out += raw;
      return;
    }
  } else if (is_name_char(c)) {
    while (p_ < s_.size() && is_name_char(s_[p_])) {
      name.push_back(s_[p_]);
      adv();
    }
    raw = "$" + name;
  } else {
    out.push_back('$');
    return;
  }
  if (name == "IFS") {
    out.push_back(' ');
    if (!in_dq) t.split = true;
    return;
  }
  if (auto v = vars_(name)) {
    out += v->value;
    t.flags |= v->flags;
    return;
  }
  out += raw;
}

bool Lexer::word_char(char c) const { return !is_meta(c); }

void Lexer::read_word(Token& t) {
  std::string out;
  while (p_ < s_.size() && out.size() < kMaxWord) {
    char c = s_[p_];
    if (is_meta(c)) {
      // <( and >( are process substitutions inside a word position.
      if ((c == '<' || c == '>') && p_ + 1 < s_.size() && s_[p_ + 1] == '(' && out.empty()) {
        adv();
        adv();
        t.substs.push_back(until_matching_paren());
        out += "/dev/fd/63";
        continue;
      }
      break;
    }
    if (c == '\\') {
      adv();
      if (p_ < s_.size()) {
        if (s_[p_] != '\n') out.push_back(s_[p_]);
        adv();
      }
      t.quoted = true;
      continue;
    }
    if (c == '\'') {
      t.quoted = true;
      adv();
      while (p_ < s_.size() && s_[p_] != '\'') {
        out.push_back(s_[p_]);
        adv();
      }
      if (p_ < s_.size()) adv();
      continue;
    }
    if (c == '"') {
      t.quoted = true;
      adv();
      while (p_ < s_.size() && s_[p_] != '"') {
        char d = s_[p_];
        if (d == '\\' && p_ + 1 < s_.size() && std::strchr("\\\"$`\n", s_[p_ + 1])) {
          adv();
          if (s_[p_] != '\n') out.push_back(s_[p_]);
          adv();
        } else if (d == '$') {
          dollar(t, out, true);
        } else if (d == '`') {
          std::string inner = backtick();
          t.substs.push_back(inner);
          if (auto v = simple_subst(inner)) out += *v;
          else out += "$(" + inner + ")";
        } else {
          out.push_back(d);
          adv();
        }
      }
      if (p_ < s_.size()) adv();
      continue;
    }
    if (c == '$') {
      dollar(t, out, false);
      continue;
    }
    if (c == '`') {
      std::string inner = backtick();
      t.substs.push_back(inner);
      if (auto v = simple_subst(inner)) out += *v;
      else out += "$(" + inner + ")";
      continue;
    }
    out.push_back(c);
    adv();
  }
  t.text = std::move(out);
}

Token Lexer::next() {
  while (p_ < s_.size()) {
    char c = s_[p_];
    if (c == ' ' || c == '\t' || c == '\r') {
      adv();
      continue;
    }
    if (c == '\\' && p_ + 1 < s_.size() && s_[p_ + 1] == '\n') {
      adv();
      adv();
      continue;
    }
    if (c == '#') {
      while (p_ < s_.size() && s_[p_] != '\n') adv();
      continue;
    }
    Token t;
    t.line = line_;
    t.col = col_;
    if (c == '\n') {
      t.kind = Kind::newline;
      adv();
      return t;
    }
    // Redirections, with an optional fd number glued in front.
    size_t q = p_;
    while (q < s_.size() && std::isdigit(static_cast<unsigned char>(s_[q]))) ++q;
    bool redir_start = q < s_.size() && (s_[q] == '<' || s_[q] == '>') &&
                       !(q + 1 < s_.size() && s_[q + 1] == '(');
    if ((c == '&' && p_ + 1 < s_.size() && s_[p_ + 1] == '>') || redir_start) {
      while (p_ < q) adv();
      std::string op;
      if (s_[p_] == '&') { op.push_back('&'); adv(); }
      char r = s_[p_];
      op.push_back(r);
      adv();
      while (p_ < s_.size() && (s_[p_] == '>' || s_[p_] == '<' || s_[p_] == '&' || s_[p_] == '|' || s_[p_] == '-') && op.size() < 3) {
        if (s_[p_] == '-' && op != "<<") break;
        op.push_back(s_[p_]);
        adv();
      }
      t.kind = Kind::redirect;
      t.text = op;
      while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t')) adv();
      Token target;
      read_word(target);
      if (op == "<<" || op == "<<-") {
        t.target = heredoc_body(target.text, op == "<<-");
        t.quoted = target.quoted;
      } else {
        t.target = target.text;
        t.substs = std::move(target.substs);
        t.flags = target.flags;
      }
      return t;
    }
    if (std::strchr("|&;()", c)) {
      t.kind = Kind::op;
      t.text.push_back(c);
      adv();
      if (p_ < s_.size() && ((c == '|' && (s_[p_] == '|' || s_[p_] == '&')) || (c == '&' && s_[p_] == '&') ||
                             (c == ';' && (s_[p_] == ';' || s_[p_] == '&')))) {
        t.text.push_back(s_[p_]);
        adv();
      }
      return t;
    }
    t.kind = Kind::word;
    read_word(t);
    if (t.text.empty() && !t.quoted && t.substs.empty()) {
      adv();  // a stray byte: skip it
      continue;
    }
    return t;
  }
  Token t;
  t.kind = Kind::end;
  t.line = line_;
  t.col = col_;
  return t;
}

}  // namespace mai::assess::sh
