// Shell arithmetic ($(( )), for (( )), ${s:i:1}) on any bytes: the first
// line names variables' values ("a=3 b=x"), the rest is the expression. It
// must end (no hang, no unbounded recursion), never overflow undefinedly
// (UBSan), and give the same answer twice from the same start.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>

#include "assess/shell_arith.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto newline = bytes.find('\n');
  std::string head = newline == std::string::npos ? "" : bytes.substr(0, newline);
  std::string expr = newline == std::string::npos ? bytes : bytes.substr(newline + 1);
  std::map<std::string, std::string> start;
  std::istringstream in(head);
  for (std::string item; in >> item;)
    if (auto eq = item.find('='); eq != std::string::npos) start[item.substr(0, eq)] = item.substr(eq + 1);
  auto once = [&] {
    std::map<std::string, std::string> vars = start;
    mai::assess::ArithVars av;
    av.get = [&](const std::string& n) -> std::optional<std::string> {
      auto it = vars.find(n);
      if (it == vars.end()) return std::nullopt;
      return it->second;
    };
    av.set = [&](const std::string& n, int64_t v) { vars[n] = std::to_string(v); };
    auto r = mai::assess::eval_arith(expr, av);
    return std::make_pair(r, vars);
  };
  if (once() != once()) std::abort();
  return 0;
}
