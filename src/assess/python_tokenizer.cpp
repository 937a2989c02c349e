#include "assess/python_tokenizer.hpp"

#include <algorithm>
#include <cstring>

namespace mai::assess::py {
namespace {

bool is_name_start(unsigned char c) { return c == '_' || static_cast<unsigned>((c | 0x20) - 'a') < 26u || c >= 0x80; }
bool is_name_char(unsigned char c) { return is_name_start(c) || static_cast<unsigned>(c - '0') < 10u; }
bool is_prefix_char(char c) {
  switch (c) {
    case 'r': case 'R': case 'b': case 'B': case 'u': case 'U': case 'f': case 'F': return true;
    default: return false;
  }
}
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x110000) {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}


class Lexer {
 public:
  Lexer(std::string_view src, uint32_t line, uint32_t col) : s_(src), line_(line), col_(col) {}

  Tokens run() {
    Tokens result;
    std::vector<Token>& out = result.toks;
    out.reserve(std::min<size_t>(s_.size() / 6 + 4, 1u << 16));
    int depth = 0;
    bool line_start = true;
    int indent = 0;
    bool have_tokens = false;  // in the current logical line
    while (p_ < s_.size()) {
      char c = s_[p_];
      if (line_start && depth == 0) {
        indent = 0;
        while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\f')) {
          indent = s_[p_] == '\t' ? (indent / 8 + 1) * 8 : indent + 1;
          adv();
        }
        line_start = false;
        continue;
      }
      if (c == '\n') {
        if (depth == 0 && have_tokens) {
          Token t = make(Tok::newline, p_);
          t.end = t.begin + 1;
          out.push_back(std::move(t));
          have_tokens = false;
        }
        adv();
        if (depth == 0) line_start = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\0') {
        adv();
        continue;
      }
      if (c == '#') {
        while (p_ < s_.size() && s_[p_] != '\n') adv();
        continue;
      }
      if (c == '\\') {  // line continuation (or a stray backslash)
        adv();
        if (p_ < s_.size() && s_[p_] == '\r') adv();
        if (p_ < s_.size() && s_[p_] == '\n') adv();
        continue;
      }
      Token t;
      size_t q = p_;
      while (q < s_.size() && q - p_ < 3 && is_prefix_char(s_[q])) ++q;
      if (q < s_.size() && (s_[q] == '\'' || s_[q] == '"') && q - p_ <= 2) {
        t = string_token(q);
      } else if (is_name_start(static_cast<unsigned char>(c))) {
        t = make(Tok::name, p_);
        while (p_ < s_.size() && is_name_char(static_cast<unsigned char>(s_[p_]))) adv();
        t.end = static_cast<uint32_t>(p_);
        std::string_view name = s_.substr(t.begin, t.end - t.begin);
        bool ascii = true;
        for (char ch : name)
          if (static_cast<unsigned char>(ch) >= 0x80) ascii = false;
        if (!ascii) {
          std::string folded = fold_identifier(name);
          if (folded != name) {
            t.normalized = true;
            t.lit = static_cast<uint32_t>(lits_.size());
            lits_.push_back(Literal{std::move(folded), {}});
            name = lits_.back().value;
          }
        }
        t.keyword = is_keyword(name);
      } else if ((c >= '0' && c <= '9') ||
                 (c == '.' && p_ + 1 < s_.size() && s_[p_ + 1] >= '0' && s_[p_ + 1] <= '9')) {
        t = number_token();
      } else {
        t = op_token();
        if (t.kind == Tok::op && t.end - t.begin == 1) {
          char o = s_[t.begin];
          if (o == '(' || o == '[' || o == '{') ++depth;
          if ((o == ')' || o == ']' || o == '}') && depth > 0) --depth;
        }
      }
      if (!have_tokens) {
        t.first = true;
        t.indent = indent;
        have_tokens = true;
      }
      out.push_back(std::move(t));
    }
    if (have_tokens) {
      Token t = make(Tok::newline, p_);
      out.push_back(std::move(t));
    }
    result.lits = std::move(lits_);
    return result;
  }

 private:
  void adv() {
    if (s_[p_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++p_;
  }
  Token make(Tok kind, size_t begin) {
    Token t;
    t.kind = kind;
    t.line = line_;
    t.col = col_;
    t.begin = static_cast<uint32_t>(begin);
    t.end = static_cast<uint32_t>(begin);
    return t;
  }

  Token number_token() {
    Token t = make(Tok::number, p_);
    bool hex = s_[p_] == '0' && p_ + 1 < s_.size() && (s_[p_ + 1] | 0x20) != 'e' &&
               (s_[p_ + 1] | 0x20) >= 'a' && (s_[p_ + 1] | 0x20) <= 'z';
    while (p_ < s_.size()) {
      char c = s_[p_];
      if (is_name_char(static_cast<unsigned char>(c)) || c == '.') {
        adv();
        if (!hex && (c == 'e' || c == 'E') && p_ < s_.size() && (s_[p_] == '+' || s_[p_] == '-')) adv();
      } else {
        break;
      }
    }
    t.end = static_cast<uint32_t>(p_);
    return t;
  }

  Token op_token() {
    Token t = make(Tok::op, p_);
    char c = s_[p_];
    char d = p_ + 1 < s_.size() ? s_[p_ + 1] : '\0';
    char e = p_ + 2 < s_.size() ? s_[p_ + 2] : '\0';
    size_t n = 1;
    switch (c) {
      case '*': case '/': case '<': case '>':
        if (d == c) n = e == '=' ? 3 : 2;  // ** // << >> and **= //= <<= >>=
        else if (d == '=' || (c == '-' && d == '>')) n = 2;
        break;
      case '.':
        if (d == '.' && e == '.') n = 3;
        break;
      case '-':
        if (d == '=' || d == '>') n = 2;
        break;
      case '=': case '!': case '+': case '%': case '&': case '|': case '^': case '@': case ':':
        if (d == '=') n = 2;
        break;
      case '~': case '(': case ')': case '[': case ']': case '{': case '}': case ',': case ';':
        break;
      default:
        t.kind = Tok::error;
    }
    for (size_t i = 0; i < n; ++i) adv();
    t.end = static_cast<uint32_t>(p_);
    t.op = static_cast<uint16_t>(static_cast<unsigned char>(c) | (n > 1 ? static_cast<unsigned char>(d) << 8 : 0));
    return t;
  }

  // Decodes one escape sequence starting after the backslash at p_.
  void escape(std::string& out, bool bytes) {
    char c = s_[p_];
    adv();
    switch (c) {
      case '\n': return;
      case '\r': if (p_ < s_.size() && s_[p_] == '\n') adv(); return;
      case '\\': out.push_back('\\'); return;
      case '\'': out.push_back('\''); return;
      case '"': out.push_back('"'); return;
      case 'a': out.push_back('\a'); return;
      case 'b': out.push_back('\b'); return;
      case 'f': out.push_back('\f'); return;
      case 'n': out.push_back('\n'); return;
      case 'r': out.push_back('\r'); return;
      case 't': out.push_back('\t'); return;
      case 'v': out.push_back('\v'); return;
      case 'x': {
        int v = 0, n = 0;
        while (n < 2 && p_ < s_.size() && hex_value(s_[p_]) >= 0) { v = v * 16 + hex_value(s_[p_]); adv(); ++n; }
        if (bytes) out.push_back(static_cast<char>(v)); else append_utf8(out, static_cast<uint32_t>(v));
        return;
      }
      case 'u': case 'U': {
        if (bytes) { out.push_back('\\'); out.push_back(c); return; }
        int want = c == 'u' ? 4 : 8, n = 0;
        uint32_t v = 0;
        while (n < want && p_ < s_.size() && hex_value(s_[p_]) >= 0) { v = v * 16 + static_cast<uint32_t>(hex_value(s_[p_])); adv(); ++n; }
        append_utf8(out, v);
        return;
      }
      default:
        if (c >= '0' && c <= '7') {
          int v = c - '0', n = 1;
          while (n < 3 && p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '7') { v = v * 8 + (s_[p_] - '0'); adv(); ++n; }
          if (bytes) out.push_back(static_cast<char>(v & 0xFF)); else append_utf8(out, static_cast<uint32_t>(v));
          return;
        }
        out.push_back('\\');
        out.push_back(c);
    }
  }

  bool at_close(char q, bool triple) const {
    if (s_[p_] != q) return false;
    if (!triple) return true;
    return p_ + 2 < s_.size() && s_[p_ + 1] == q && s_[p_ + 2] == q;
  }

  Token string_token(size_t quote_pos) {
    Token t = make(Tok::string, p_);
    t.lit = static_cast<uint32_t>(lits_.size());
    lits_.emplace_back();
    Literal& L = lits_.back();
    for (size_t i = p_; i < quote_pos; ++i) {
      char c = static_cast<char>(s_[i] | 0x20);
      if (c == 'r') t.is_raw = true;
      if (c == 'b') t.is_bytes = true;
      if (c == 'f') t.is_f = true;
    }
    while (p_ < quote_pos) adv();
    char q = s_[p_];
    bool triple = p_ + 2 < s_.size() && s_[p_ + 1] == q && s_[p_ + 2] == q;
    for (int i = 0; i < (triple ? 3 : 1); ++i) adv();
    std::string lit;
    while (p_ < s_.size()) {
      char c = s_[p_];
      if (at_close(q, triple)) {
        for (int i = 0; i < (triple ? 3 : 1); ++i) adv();
        break;
      }
      if (c == '\n' && !triple) break;  // unterminated: ends at the line
      if (c == '\\' && p_ + 1 < s_.size()) {
        if (t.is_raw) {
          lit.push_back('\\');
          adv();
          lit.push_back(s_[p_]);
          adv();
        } else {
          adv();
          escape(lit, t.is_bytes);
        }
        continue;
      }
      if (t.is_f && c == '{') {
        if (p_ + 1 < s_.size() && s_[p_ + 1] == '{') {
          lit.push_back('{');
          adv();
          adv();
          continue;
        }
        flush_literal(L, lit);
        fexpr(L, q, triple);
        continue;
      }
      if (t.is_f && c == '}' && p_ + 1 < s_.size() && s_[p_ + 1] == '}') {
        lit.push_back('}');
        adv();
        adv();
        continue;
      }
      lit.push_back(c);
      adv();
    }
    if (t.is_f) {
      flush_literal(L, lit);
      for (const auto& part : L.fparts)
        if (!part.is_expr) L.value += part.literal;
    } else {
      L.value = std::move(lit);
    }
    t.end = static_cast<uint32_t>(p_);
    return t;
  }

  void flush_literal(Literal& t, std::string& lit) {
    if (lit.empty()) return;
    FPart part;
    part.literal = std::move(lit);
    lit.clear();
    t.fparts.push_back(std::move(part));
  }

  // p_ is at '{' of an f-string replacement field; records the expression and
  // skips the conversion and format spec (whose nested fields are recorded too).
  void fexpr(Literal& t, char q, bool triple) {
    adv();  // '{'
    FPart part;
    part.is_expr = true;
    part.begin = static_cast<uint32_t>(p_);
    part.line = line_;
    part.col = col_;
    int nest = 0;
    bool ended = false;
    while (p_ < s_.size()) {
      char c = s_[p_];
      if (!triple && c == '\n') break;
      if (nest == 0 && at_close(q, triple) && !nested_quote_ok()) break;
      if (c == '\'' || c == '"') {  // a string inside the expression
        char iq = c;
        bool it = p_ + 2 < s_.size() && s_[p_ + 1] == iq && s_[p_ + 2] == iq;
        if (iq == q && !triple && !it) break;  // pre-3.12: the same quote ends the f-string
        for (int i = 0; i < (it ? 3 : 1); ++i) adv();
        while (p_ < s_.size()) {
          if (s_[p_] == '\\' && p_ + 1 < s_.size()) { adv(); adv(); continue; }
          if (s_[p_] == iq && (!it || (p_ + 2 < s_.size() && s_[p_ + 1] == iq && s_[p_ + 2] == iq))) {
            for (int i = 0; i < (it ? 3 : 1); ++i) adv();
            break;
          }
          if (!it && s_[p_] == '\n') break;
          adv();
        }
        continue;
      }
      if (c == '(' || c == '[' || c == '{') ++nest;
      if ((c == ')' || c == ']') && nest > 0) --nest;
      if (c == '}') {
        if (nest == 0) { part.end = static_cast<uint32_t>(p_); adv(); ended = true; break; }
        --nest;
      }
      if (nest == 0 && (c == ':' || (c == '!' && p_ + 1 < s_.size() && s_[p_ + 1] != '='))) {
        part.end = static_cast<uint32_t>(p_);
        // Skip the conversion / format spec up to the matching '}'.
        int spec = 0;
        while (p_ < s_.size()) {
          char d = s_[p_];
          if (!triple && d == '\n') break;
          if (at_close(q, triple)) break;
          if (d == '{') ++spec;
          if (d == '}') {
            if (spec == 0) { adv(); break; }
            --spec;
          }
          adv();
        }
        ended = true;
        break;
      }
      adv();
    }
    if (!ended) part.end = static_cast<uint32_t>(p_);
    // Self-documenting `{x=}`: drop the trailing '='.
    if (part.end > part.begin && s_[part.end - 1] == '=' &&
        (part.end - part.begin < 2 || std::strchr("=!<>", s_[part.end - 2]) == nullptr))
      --part.end;
    t.fparts.push_back(std::move(part));
  }
  bool nested_quote_ok() const { return false; }

  std::string_view s_;
  size_t p_ = 0;
  uint32_t line_, col_;
  std::vector<Literal> lits_;
};

}  // namespace

std::string fold_identifier(std::string_view name) {
  std::string out;
  for (size_t i = 0; i < name.size();) {
    auto c = static_cast<unsigned char>(name[i]);
    uint32_t cp = 0;
    size_t n = 1;
    if (c < 0x80) cp = c;
    else if ((c >> 5) == 6 && i + 1 < name.size()) cp = c & 0x1F, n = 2;
    else if ((c >> 4) == 14 && i + 2 < name.size()) cp = c & 0x0F, n = 3;
    else if ((c >> 3) == 30 && i + 3 < name.size()) cp = c & 0x07, n = 4;
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(name[i + k]) & 0x3F);
    char ascii = 0;
    if (cp >= 0xFF10 && cp <= 0xFF19) ascii = static_cast<char>('0' + (cp - 0xFF10));        // fullwidth digits
    else if (cp >= 0xFF21 && cp <= 0xFF3A) ascii = static_cast<char>('A' + (cp - 0xFF21));   // fullwidth A-Z
    else if (cp >= 0xFF41 && cp <= 0xFF5A) ascii = static_cast<char>('a' + (cp - 0xFF41));   // fullwidth a-z
    else if (cp == 0xFF3F) ascii = '_';
    else if (cp >= 0x1D400 && cp <= 0x1D6A3) {  // mathematical alphanumeric letters: 52 per style
      uint32_t k = (cp - 0x1D400) % 52;
      ascii = static_cast<char>(k < 26 ? 'A' + k : 'a' + (k - 26));
    } else if (cp >= 0x1D7CE && cp <= 0x1D7FF) {
      ascii = static_cast<char>('0' + (cp - 0x1D7CE) % 10);
    } else if (cp == 0x17F) {
      ascii = 's';  // long s folds to s
    }
    if (ascii) out.push_back(ascii);
    else out.append(name.substr(i, n));
    i += n;
  }
  return out;
}

bool is_keyword(std::string_view w) {
  // By length, then by first letter: at most a couple of comparisons per name.
  switch (w.size()) {
    case 2: return w == "as" || w == "if" || w == "in" || w == "is" || w == "or";
    case 3: return w == "and" || w == "def" || w == "del" || w == "for" || w == "not" || w == "try";
    case 4:
      switch (w[0]) {
        case 'N': return w == "None";
        case 'T': return w == "True";
        case 'e': return w == "elif" || w == "else";
        case 'f': return w == "from";
        case 'p': return w == "pass";
        case 'w': return w == "with";
        default: return false;
      }
    case 5:
      switch (w[0]) {
        case 'F': return w == "False";
        case 'a': return w == "async" || w == "await";
        case 'b': return w == "break";
        case 'c': return w == "class";
        case 'r': return w == "raise";
        case 'w': return w == "while";
        case 'y': return w == "yield";
        default: return false;
      }
    case 6:
      switch (w[0]) {
        case 'a': return w == "assert";
        case 'e': return w == "except";
        case 'g': return w == "global";
        case 'i': return w == "import";
        case 'l': return w == "lambda";
        case 'r': return w == "return";
        default: return false;
      }
    case 7: return w == "finally";
    case 8: return w == "continue" || w == "nonlocal";
    default: return false;
  }
}

Tokens tokenize(std::string_view src, uint32_t line, uint32_t col) {
  return Lexer(src, line, col).run();
}

}  // namespace mai::assess::py
