#include "assess/python_strings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace mai::assess {

StringPrefix parse_prefix(std::string_view s) {
  StringPrefix p;
  for (char c : s) {
    if (c == '"' || c == '\'') break;
    switch (c) {
      case 'r': case 'R': p.raw = true; break;
      case 'b': case 'B': p.bytes = true; break;
      case 'f': case 'F': p.fstring = true; break;
      default: break;
    }
  }
  return p;
}

void append_utf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) out += static_cast<char>(cp);
  else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x110000) {
    out += static_cast<char>(0xf0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

namespace {
int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
}  // namespace

void decode_literal(std::string_view s, bool raw, bool bytes, std::string& out) {
  size_t start = out.size();
  struct Fix {
    std::string& o;
    size_t from;
    ~Fix() {
      for (size_t i = from; i < o.size(); ++i)
        if (o[i] == kUnknownPart) o[i] = '\x1b';
    }
  } fix{out, start};
  if (raw) {
    out.append(s.data(), s.size());
    return;
  }
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c != '\\' || i + 1 >= s.size()) {
      out += c;
      continue;
    }
    char n = s[++i];
    switch (n) {
      case '\n': break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x': {
        int v = 0, k = 0;
        while (k < 2 && i + 1 < s.size() && hexval(s[i + 1]) >= 0) v = v * 16 + hexval(s[++i]), ++k;
        if (k == 0) {
          out += "\\x";
          break;
        }
        if (bytes) out += static_cast<char>(v);
        else append_utf8(static_cast<uint32_t>(v), out);
        break;
      }
      case 'u': case 'U': {
        if (bytes) {
          out += '\\';
          out += n;
          break;
        }
        int want = n == 'u' ? 4 : 8, k = 0;
        uint32_t v = 0;
        while (k < want && i + 1 < s.size() && hexval(s[i + 1]) >= 0) v = v * 16 + static_cast<uint32_t>(hexval(s[++i])), ++k;
        append_utf8(v, out);
        break;
      }
      case 'N': {
        // \N{NAME}: unknown without the Unicode database.
        size_t e = s.find('}', i);
        if (e != std::string_view::npos) i = e;
        out += kUnknownPart;
        break;
      }
      default:
        if (n >= '0' && n <= '7') {
          int v = n - '0', k = 1;
          while (k < 3 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7') v = v * 8 + (s[++i] - '0'), ++k;
          if (bytes) out += static_cast<char>(v & 0xff);
          else append_utf8(static_cast<uint32_t>(v), out);
        } else {
          out += '\\';
          out += n;
        }
        break;
    }
  }
}

std::optional<int64_t> parse_int_literal(std::string_view t) {
  std::string s;
  for (char c : t)
    if (c != '_') s += c;
  if (s.empty()) return std::nullopt;
  int base = 10;
  size_t p = 0;
  if (s.size() > 2 && s[0] == '0') {
    char b = static_cast<char>(std::tolower(static_cast<unsigned char>(s[1])));
    if (b == 'x') base = 16, p = 2;
    else if (b == 'o') base = 8, p = 2;
    else if (b == 'b') base = 2, p = 2;
  }
  if (!s.empty() && (s.back() == 'l' || s.back() == 'L' || s.back() == 'j' || s.back() == 'J')) {
    if (s.back() == 'j' || s.back() == 'J') return std::nullopt;
    s.pop_back();
  }
  int64_t v = 0;
  for (; p < s.size(); ++p) {
    int d = hexval(s[p]);
    if (d < 0 || d >= base) return std::nullopt;
    if (v > (INT64_MAX - d) / base) return std::nullopt;
    v = v * base + d;
  }
  return v;
}

namespace {
void slice_bounds(int64_t n, std::optional<int64_t> a, std::optional<int64_t> b, int64_t step, int64_t& start,
                  int64_t& stop) {
  auto clamp = [&](int64_t x, bool neg_step) {
    if (x < 0) x += n;
    if (x < 0) x = neg_step ? -1 : 0;
    if (x > n) x = neg_step ? n - 1 : n;
    if (neg_step && x >= n) x = n - 1;
    return x;
  };
  bool neg = step < 0;
  start = a ? clamp(*a, neg) : (neg ? n - 1 : 0);
  stop = b ? clamp(*b, neg) : (neg ? -1 : n);
}
}  // namespace

std::string py_slice(const std::string& s, std::optional<int64_t> a, std::optional<int64_t> b,
                     std::optional<int64_t> st) {
  int64_t step = st ? *st : 1;
  if (step == 0) return {};
  int64_t n = static_cast<int64_t>(s.size()), start, stop;
  slice_bounds(n, a, b, step, start, stop);
  std::string out;
  if (step > 0)
    for (int64_t i = start; i < stop; i += step) out += s[static_cast<size_t>(i)];
  else
    for (int64_t i = start; i > stop; i += step)
      if (i >= 0 && i < n) out += s[static_cast<size_t>(i)];
  return out;
}

std::vector<Value> py_slice_items(const std::vector<Value>& v, std::optional<int64_t> a, std::optional<int64_t> b,
                                  std::optional<int64_t> st) {
  int64_t step = st ? *st : 1;
  if (step == 0) return {};
  int64_t n = static_cast<int64_t>(v.size()), start, stop;
  slice_bounds(n, a, b, step, start, stop);
  std::vector<Value> out;
  if (step > 0)
    for (int64_t i = start; i < stop; i += step) out.push_back(v[static_cast<size_t>(i)]);
  else
    for (int64_t i = start; i > stop; i += step)
      if (i >= 0 && i < n) out.push_back(v[static_cast<size_t>(i)]);
  return out;
}

std::string percent_format(const std::string& fmt, const std::vector<std::string>& args,
                           const std::vector<std::pair<std::string, std::string>>& named) {
  std::string out;
  size_t ai = 0;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%' || i + 1 >= fmt.size()) {
      out += fmt[i];
      continue;
    }
    if (fmt[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    size_t j = i + 1;
    std::string key;
    if (fmt[j] == '(') {
      size_t e = fmt.find(')', j);
      if (e == std::string::npos) break;
      key = fmt.substr(j + 1, e - j - 1);
      j = e + 1;
    }
    while (j < fmt.size() && std::strchr("#0- +123456789.*hlL", fmt[j])) ++j;
    if (j >= fmt.size()) break;
    char conv = fmt[j];
    std::string val(1, kUnknownPart);
    if (!key.empty()) {
      for (const auto& kv : named)
        if (kv.first == key) val = kv.second;
    } else if (ai < args.size()) {
      val = args[ai++];
    }
    if (conv == 'c' && val.size() && std::isdigit(static_cast<unsigned char>(val[0]))) {
      std::string c;
      append_utf8(static_cast<uint32_t>(std::strtoul(val.c_str(), nullptr, 10)), c);
      val = c;
    } else if ((conv == 'x' || conv == 'X') && !val.empty() && std::isdigit(static_cast<unsigned char>(val[0]))) {
      char buf[32];
      std::snprintf(buf, sizeof buf, conv == 'x' ? "%llx" : "%llX", std::strtoull(val.c_str(), nullptr, 10));
      val = buf;
    }
    out += val;
    i = j;
  }
  return out;
}

std::string brace_format(const std::string& fmt, const std::vector<std::string>& args,
                         const std::vector<std::pair<std::string, std::string>>& named) {
  std::string out;
  size_t auto_i = 0;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '{' && i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    if (c == '}' && i + 1 < fmt.size() && fmt[i + 1] == '}') {
      out += '}';
      ++i;
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    size_t e = fmt.find('}', i);
    if (e == std::string::npos) {
      out += fmt.substr(i);
      break;
    }
    std::string field = fmt.substr(i + 1, e - i - 1);
    size_t cut = field.find_first_of("!:.[");
    std::string name = field.substr(0, cut);
    std::string val(1, kUnknownPart);
    if (name.empty()) {
      if (auto_i < args.size()) val = args[auto_i];
      ++auto_i;
    } else if (std::isdigit(static_cast<unsigned char>(name[0]))) {
      size_t k = std::strtoul(name.c_str(), nullptr, 10);
      if (k < args.size()) val = args[k];
    } else {
      for (const auto& kv : named)
        if (kv.first == name) val = kv.second;
    }
    if (cut != std::string::npos && field[cut] != '!' && field[cut] != ':') val = std::string(1, kUnknownPart);
    out += val;
    i = e;
  }
  return out;
}

std::vector<std::string> FormatArgs::each_text(const std::vector<std::string>& fmts, Formatter format) const {
  std::vector<const Value*> values = pos;
  for (const auto& kv : named) values.push_back(kv.second);
  const size_t rows = std::max<size_t>(1, Value::kMaxAlts / std::max<size_t>(1, fmts.size()));
  std::vector<std::string> out;
  for (const auto& row : text_combinations(values, rows, /*overflow_first=*/true)) {
    std::vector<std::string> args(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(pos.size()));
    std::vector<std::pair<std::string, std::string>> by_name;
    for (size_t i = 0; i < named.size(); ++i) by_name.emplace_back(named[i].first, row[pos.size() + i]);
    for (const auto& f : fmts) out.push_back(format(f, args, by_name));
  }
  return out;
}

std::string fold_identifier(std::string_view s) {
  bool ascii = true;
  for (unsigned char c : s)
    if (c >= 0x80) ascii = false;
  if (ascii) return std::string(s);
  std::string out;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    uint32_t cp = c;
    size_t len = 1;
    if (c >= 0xf0 && i + 3 < s.size() + 0) {
      cp = ((c & 7u) << 18) | ((static_cast<unsigned char>(s[i + 1]) & 0x3fu) << 12) |
           ((static_cast<unsigned char>(s[i + 2]) & 0x3fu) << 6) | (static_cast<unsigned char>(s[i + 3]) & 0x3fu);
      len = 4;
    } else if (c >= 0xe0 && i + 2 < s.size()) {
      cp = ((c & 15u) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3fu) << 6) |
           (static_cast<unsigned char>(s[i + 2]) & 0x3fu);
      len = 3;
    } else if (c >= 0xc0 && i + 1 < s.size()) {
      cp = ((c & 31u) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3fu);
      len = 2;
    }
    if (len > s.size() - i) len = s.size() - i;
    char folded = 0;
    if (cp >= 0xff21 && cp <= 0xff3a) folded = static_cast<char>('A' + (cp - 0xff21));
    else if (cp >= 0xff41 && cp <= 0xff5a) folded = static_cast<char>('a' + (cp - 0xff41));
    else if (cp >= 0xff10 && cp <= 0xff19) folded = static_cast<char>('0' + (cp - 0xff10));
    else if (cp >= 0x1d400 && cp <= 0x1d6a3) {
      // Mathematical alphanumeric letters: 26 upper then 26 lower per style.
      uint32_t k = (cp - 0x1d400) % 52;
      folded = static_cast<char>(k < 26 ? 'A' + k : 'a' + (k - 26));
    } else if (cp >= 0x1d7ce && cp <= 0x1d7ff) {
      folded = static_cast<char>('0' + ((cp - 0x1d7ce) % 10));
    }
    if (folded) out += folded;
    else out.append(s.substr(i, len));
    i += len;
  }
  return out;
}

bool text_predicate(std::string_view method) {
  static const char* const predicates[] = {"startswith", "endswith", "isdigit",     "isalpha",     "isalnum",
                                           "isspace",    "islower",  "isupper",     "istitle",     "isnumeric",
                                           "isdecimal",  "isascii",  "isprintable", "isidentifier"};
  for (const char* p : predicates)
    if (method == p) return true;
  return false;
}

std::string dedent(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t b = 0; b <= text.size();) {
    size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    lines.push_back(text.substr(b, e - b));
    b = e + 1;
  }
  auto blank = [](std::string_view l) { return l.find_first_not_of(" \t") == std::string_view::npos; };
  std::optional<std::string_view> margin;
  for (std::string_view l : lines) {
    if (blank(l)) continue;
    std::string_view indent = l.substr(0, l.find_first_not_of(" \t"));
    if (!margin) margin = indent;
    size_t common = 0;
    while (common < margin->size() && common < indent.size() && (*margin)[common] == indent[common]) ++common;
    margin = margin->substr(0, common);
  }
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i) out += '\n';
    if (!blank(lines[i])) out.append(lines[i].substr(margin ? margin->size() : 0));
  }
  return out;
}

}  // namespace mai::assess
