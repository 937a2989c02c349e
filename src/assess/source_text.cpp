#include "assess/source_text.hpp"

#include <iconv.h>

#include <cctype>
#include <cerrno>
#include <optional>
#include <utility>

#include "common/utf8.hpp"

namespace mai::assess {

namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// Python's normalisation of codec names: lower case, '_' and ' ' as '-'.
std::string normalised(std::string name) {
  for (auto& c : name) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (c == '_' || c == ' ') c = '-';
  }
  if (name == "utf8" || name == "utf-8-sig" || starts_with(name, "utf-8-")) return "utf-8";
  if (name == "latin-1" || name == "latin1" || name == "l1" || starts_with(name, "iso-8859-1-") ||
      name == "iso-8859-1" || name == "iso8859-1" || starts_with(name, "iso-latin-1"))
    return "latin-1";
  return name;
}

// The ASCII-compatible codecs Python accepts in a declaration that iconv is
// asked to decode. A fixed list: the name comes from untrusted code, and
// exotic converters are where iconv's bugs have been.
bool decodable(const std::string& enc) {
  static const char* const known[] = {
      "ascii",        "us-ascii",     "cp1250",       "cp1251",       "cp1252",
      "cp1253",       "cp1254",       "cp1255",       "cp1256",       "cp1257",
      "cp1258",       "windows-1250", "windows-1251", "windows-1252", "windows-1253",
      "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
      "iso-8859-2",   "iso-8859-3",   "iso-8859-4",   "iso-8859-5",   "iso-8859-6",
      "iso-8859-7",   "iso-8859-8",   "iso-8859-9",   "iso-8859-10",  "iso-8859-13",
      "iso-8859-14",  "iso-8859-15",  "iso-8859-16",  "koi8-r",       "koi8-u",
      "cp437",        "cp850",        "cp866",        "mac-roman",    "shift-jis",
      "euc-jp",       "euc-kr",       "gbk",          "gb2312",       "gb18030",
      "big5"};
  for (const char* k : known)
    if (enc == k) return true;
  return false;
}

// Converts with iconv; nullopt when iconv does not know the encoding.
// Undecodable bytes become U+FFFD one at a time.
std::optional<std::string> iconv_to_utf8(std::string_view in, const std::string& from,
                                         bool* lossy) {
  iconv_t cd = ::iconv_open("UTF-8", from.c_str());
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string out;
  out.reserve(in.size() + in.size() / 2);
  char* src = const_cast<char*>(in.data());
  size_t left = in.size();
  char buf[4096];
  while (left > 0) {
    char* dst = buf;
    size_t room = sizeof buf;
    size_t r = ::iconv(cd, &src, &left, &dst, &room);
    out.append(buf, static_cast<size_t>(dst - buf));
    if (r == static_cast<size_t>(-1) && errno != E2BIG) {
      // EILSEQ or EINVAL (truncated at the end): skip one byte.
      out += "\xEF\xBF\xBD";
      *lossy = true;
      ++src;
      --left;
      ::iconv(cd, nullptr, nullptr, nullptr, nullptr);
    }
  }
  ::iconv_close(cd);
  return out;
}

SourceText utf8(std::string_view bytes) {
  SourceText s;
  s.encoding = "utf-8";
  s.lossy = !is_valid_utf8(bytes);
  s.text = s.lossy ? to_valid_utf8(bytes) : std::string(bytes);
  return s;
}

}  // namespace

std::string python_coding_declaration(std::string_view code) {
  // PEP 263: a comment on line 1 or 2 matching ^[ \t\f]*#.*?coding[:=][ \t]*([-_.a-zA-Z0-9]+);
  // line 2 counts only when line 1 is blank or a comment.
  size_t pos = 0;
  for (int line = 0; line < 2 && pos <= code.size(); ++line) {
    size_t end = code.find('\n', pos);
    std::string_view l =
        code.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
    size_t i = l.find_first_not_of(" \t\f\r");
    bool comment = i != std::string_view::npos && l[i] == '#';
    if (comment) {
      size_t c = l.find("coding", i);
      while (c != std::string_view::npos) {
        size_t k = c + 6;
        if (k < l.size() && (l[k] == ':' || l[k] == '=')) {
          ++k;
          while (k < l.size() && (l[k] == ' ' || l[k] == '\t')) ++k;
          size_t b = k;
          while (k < l.size() && (std::isalnum(static_cast<unsigned char>(l[k])) || l[k] == '-' ||
                                  l[k] == '_' || l[k] == '.'))
            ++k;
          if (k > b) return std::string(l.substr(b, k - b));
        }
        c = l.find("coding", c + 1);
      }
    } else if (i != std::string_view::npos) {
      return {};  // code on line 1: no declaration on line 2
    }
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  return {};
}

SourceText source_text(std::string_view code, Language language) {
  if (language != Language::python) return utf8(code);
  if (starts_with(code, "\xEF\xBB\xBF")) return utf8(code.substr(3));
  // Python itself refuses UTF-16/32 source, but the analysis should see what
  // such a file says (it may be read and exec'd by something else).
  using Bom = std::pair<std::string_view, const char*>;  // explicit lengths: NULs inside
  for (auto [bom, enc] :
       {Bom{{"\xFF\xFE\x00\x00", 4}, "UTF-32LE"}, Bom{{"\x00\x00\xFE\xFF", 4}, "UTF-32BE"},
        Bom{{"\xFF\xFE", 2}, "UTF-16LE"}, Bom{{"\xFE\xFF", 2}, "UTF-16BE"}}) {
    if (!starts_with(code, bom)) continue;
    SourceText s;
    s.encoding = enc;
    if (auto t = iconv_to_utf8(code.substr(bom.size()), enc, &s.lossy)) {
      s.text = std::move(*t);
      return s;
    }
  }
  std::string declared = python_coding_declaration(code);
  if (declared.empty()) return utf8(code);
  std::string enc = normalised(declared);
  if (enc == "utf-8") return utf8(code);
  SourceText s;
  s.encoding = enc;
  if (enc == "latin-1") {  // every byte is a code point: no iconv needed
    for (unsigned char c : code) {
      if (c < 0x80) {
        s.text += static_cast<char>(c);
      } else {
        s.text += static_cast<char>(0xC0 | (c >> 6));
        s.text += static_cast<char>(0x80 | (c & 0x3F));
      }
    }
    return s;
  }
  if (decodable(enc)) {
    std::string iconv_name = enc == "mac-roman"   ? "MACINTOSH"
                             : enc == "shift-jis" ? "SHIFT_JIS"
                                                  : enc;
    if (auto t = iconv_to_utf8(code, iconv_name, &s.lossy)) {
      s.text = std::move(*t);
      return s;
    }
  }
  // A codec we do not decode: Python would refuse to run it; the
  // analysis still reads it as UTF-8.
  SourceText fallback = utf8(code);
  fallback.encoding = "unknown:" + declared;
  return fallback;
}

}  // namespace mai::assess
