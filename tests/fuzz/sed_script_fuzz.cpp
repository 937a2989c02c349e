// sed substitutions (assess/sed_script.hpp) on any bytes: the first line is
// the script, the rest the text, read once as known text (both syntaxes)
// and once as lines whose end is unknown. The scripts come from analysed
// code, so any bytes must end without a crash, a sanitizer report or
// unbounded output, and give the same answer twice.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "assess/sed_script.hpp"
#include "assess/value.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto newline = bytes.find('\n');
  std::string script = newline == std::string::npos ? bytes : bytes.substr(0, newline);
  std::string text = newline == std::string::npos ? "" : bytes.substr(newline + 1);
  for (bool extended : {false, true}) {
    auto a = mai::assess::sed_substitute(script, text, extended);
    if (a != mai::assess::sed_substitute(script, text, extended)) std::abort();
  }
  std::string shaped = text + mai::assess::kUnknownPart;
  if (mai::assess::sed_suffix_kept(script, shaped) != mai::assess::sed_suffix_kept(script, shaped)) std::abort();
  return 0;
}
