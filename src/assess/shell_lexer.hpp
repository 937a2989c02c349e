// A POSIX/bash lexer for the assessor: words with quotes removed (single,
// double, $'ANSI-C', backslashes), parameter expansion of variables it knows
// (including ${IFS} splitting tricks), command and process substitutions
// ($(...), backticks, <(...)) handed back as code, operators, redirections
// (with fd prefixes), heredocs and comments. Driven one token at a time so the
// analyzer can record assignments before later words are expanded.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mai::assess::sh {

enum class Kind : uint8_t { word, op, redirect, newline, end };

struct Token {
  Kind kind = Kind::end;
  std::string text;                  // word: expanded value; op/redirect: the operator
  std::string target;                // redirect: its target word (heredoc: the body)
  std::vector<std::string> substs;   // code of the substitutions inside the word
  bool quoted = false;               // word: some part was quoted
  bool split = false;                // word: contained an unquoted $IFS expansion
  uint32_t flags = 0;                // ValueFlags of variables expanded into it
  uint32_t line = 0, col = 0;
};

struct VarValue {
  std::string value;
  uint32_t flags = 0;
};
using VarLookup = std::function<std::optional<VarValue>(const std::string&)>;

class Lexer {
 public:
  Lexer(std::string_view src, VarLookup vars) : s_(src), vars_(std::move(vars)) {}
  Token next();
  size_t pos() const { return p_; }  // byte offset of the next unread character

 private:
  void adv();
  bool word_char(char c) const;
  void read_word(Token& t);
  std::string until_matching_paren();  // after "$(" or "<(": the inner code
  std::string backtick();
  void dollar(Token& t, std::string& out, bool in_dq);
  void ansi_c(std::string& out);
  std::string heredoc_body(const std::string& delim, bool strip_tabs);

  std::string_view s_;
  VarLookup vars_;
  size_t p_ = 0;
  uint32_t line_ = 1, col_ = 1;
  size_t skip_to_ = 0;  // heredoc bodies already read: jump here at the next newline
};

}  // namespace mai::assess::sh
