// Python literal and string semantics the interpreter needs: string prefixes
// and escapes, integer literals, slicing, %-formatting and str.format.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "assess/value.hpp"

namespace mai::assess {

struct StringPrefix {
  bool raw = false, bytes = false, fstring = false;
};
StringPrefix parse_prefix(std::string_view string_start);
// Appends the decoded text of a literal's content to `out`.
void decode_literal(std::string_view content, bool raw, bool bytes, std::string& out);
std::optional<int64_t> parse_int_literal(std::string_view text);
void append_utf8(uint32_t cp, std::string& out);

std::string py_slice(const std::string& s, std::optional<int64_t> a, std::optional<int64_t> b,
                     std::optional<int64_t> step);
std::vector<Value> py_slice_items(const std::vector<Value>& v, std::optional<int64_t> a, std::optional<int64_t> b,
                                  std::optional<int64_t> step);

// "%s-%d" % args; unknown arguments become kUnknownPart.
std::string percent_format(const std::string& fmt, const std::vector<std::string>& args,
                           const std::vector<std::pair<std::string, std::string>>& named);
// "{}-{name}".format(...)
std::string brace_format(const std::string& fmt, const std::vector<std::string>& args,
                         const std::vector<std::pair<std::string, std::string>>& named);

// The arguments of a %-format or str.format, positional and named.
struct FormatArgs {
  using Formatter = std::string (*)(const std::string&, const std::vector<std::string>&,
                                    const std::vector<std::pair<std::string, std::string>>&);
  std::vector<const Value*> pos;
  std::vector<std::pair<std::string, const Value*>> named;
  // Each format of `fmts` filled with each combination of the arguments'
  // alternatives (text_combinations; past the bound an argument's first text),
  // at most kMaxAlts texts in all.
  std::vector<std::string> each_text(const std::vector<std::string>& fmts, Formatter format) const;
};

// textwrap.dedent: the whitespace every non-blank line starts with removed
// (an indented shell script's here-document ends at a bare EOF only then);
// lines of whitespace alone become empty. Unknown parts are text.
std::string dedent(std::string_view text);

// Identifier folding: fullwidth and mathematical alphanumerics to ASCII (NFKC
// for the forms used to hide names).
std::string fold_identifier(std::string_view s);

// str methods that answer yes or no about the text (startswith, isdigit):
// their result carries none of it.
bool text_predicate(std::string_view method);

}  // namespace mai::assess
