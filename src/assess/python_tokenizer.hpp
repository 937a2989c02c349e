// A complete Python 3 tokenizer for the assessor: names, numbers, every string
// form (prefixes r/b/u/f/rb/br/fr/rf in any case, single/double/triple quotes,
// escapes decoded, f-strings with their nested expressions located), operators,
// logical-line ends, comments and line continuations. It never throws: bytes
// it cannot classify become `error` tokens and unterminated strings end at the
// end of the input.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mai::assess::py {

enum class Tok : uint8_t { name, number, string, op, newline, error };

// One piece of an f-string: literal text, or an expression `{expr!c:spec}`
// whose source text is src[begin, end) starting at line/col.
struct FPart {
  bool is_expr = false;
  std::string literal;
  uint32_t begin = 0, end = 0;
  uint32_t line = 0, col = 0;
};

struct Token {
  Tok kind = Tok::error;
  uint32_t line = 0, col = 0;  // 1-based
  uint32_t begin = 0, end = 0;  // byte offsets of the token's source text
  int indent = 0;               // first token of a logical line: its column (0-based)
  bool first = false;           // the first token of a logical line
  bool keyword = false;         // names: a Python keyword
  uint16_t op = 0;              // operators: first two bytes (a fast compare key)
  bool normalized = false;      // names: non-ASCII name, NFKC-folded text in lits[lit].value
  // Strings only.
  bool is_bytes = false, is_raw = false, is_f = false;
  uint32_t lit = 0;             // index of its Literal in Tokens::lits
};

// A string token's decoded content, kept apart so tokens stay small.
struct Literal {
  std::string value;          // the decoded literal (f-strings: literal parts only)
  std::vector<FPart> fparts;  // f-strings only
};

struct Tokens {
  std::vector<Token> toks;
  std::vector<Literal> lits;
};

// Tokenizes `src`; positions start at `line`/`col` (for nested code).
bool is_keyword(std::string_view name);

// Python folds identifiers with NFKC: `ｅｖａｌ` and `𝐞𝐯𝐚𝐥` are `eval`. This folds
// the fullwidth and mathematical alphanumeric forms to ASCII (other non-ASCII
// characters are kept as they are).
std::string fold_identifier(std::string_view name);

Tokens tokenize(std::string_view src, uint32_t line = 1, uint32_t col = 1);

inline std::string_view text(std::string_view src, const Token& t) {
  return src.substr(t.begin, t.end - t.begin);
}
inline std::string_view text(std::string_view src, const Tokens& all, const Token& t) {
  return t.normalized ? std::string_view(all.lits[t.lit].value) : src.substr(t.begin, t.end - t.begin);
}

}  // namespace mai::assess::py
