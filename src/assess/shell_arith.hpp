// Shell arithmetic ($(( )), for (( ; ; )), ${s:i:1}'s offsets) over known
// integers: what a port sum or a loop that reverses a string one character at
// a time computes. Anything unknown makes the whole expression unknown.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace mai::assess {

struct ArithVars {
  // A variable's text (nullopt: unknown); `$NAME`, `${NAME}` and `${#NAME}`
  // read it too.
  std::function<std::optional<std::string>(const std::string&)> get;
  std::function<void(const std::string&, int64_t)> set;
};

// Evaluates `expr` (comma-separated expressions: the value of the last),
// assigning as it goes (i=0, i++, n+=2). nullopt when any part is unknown,
// malformed, or divides by zero.
std::optional<int64_t> eval_arith(std::string_view expr, const ArithVars& vars);

}  // namespace mai::assess
