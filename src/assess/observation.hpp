// What the front ends (Python and shell) report to the rule engine: neutral,
// located facts about the code — an import, a resolved call with its constant
// arguments, a string constant, a shell command, a decoded payload, or a
// behaviour detected in code (a fork bomb, exec of decoded data).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mai::assess {

// Where a value came from; propagated through the Python analyzer's constant
// propagation so a rule can ask "is this exec'd value decoded / downloaded?".
enum ValueFlag : uint32_t {
  kDecoded = 1u << 0,     // output of base64/hex/rot13/zlib/... decoding
  kNetwork = 1u << 1,     // data received from the network
  kObfuscated = 1u << 2,  // built by chr()/reversal/char arithmetic
  kPartial = 1u << 3,     // a string with unknown parts (each shown as kUnknownPart)
};

// Stands for an unknown part of a partially known string ("curl " + url + " | sh").
constexpr char kUnknownPart = '\x1a';

enum class ObsKind : uint8_t { import_module, call, string, command, fact, payload };

struct Observation {
  ObsKind kind = ObsKind::fact;
  std::string name;  // module, qualified call name, command name (basename), fact id
  std::string text;  // string: its value; command: argv[1..] joined; payload: the bytes
  std::vector<std::optional<std::string>> args;  // call: positional args when constant
  std::vector<std::pair<std::string, std::optional<std::string>>> keywords;  // call: k=v
  std::vector<std::string> pipe_to;    // command: commands later in its pipeline
  std::vector<std::string> redirects;  // command: redirection targets (incl. "&>" forms)
  std::vector<std::string> subst;      // command: commands run in its substitutions
  uint32_t flags = 0;                  // call: ValueFlags of its arguments
  uint32_t partial_args = 0;           // call: bit i set when positional argument i is only partly known
  uint32_t line = 0, col = 0;
  const char* via = "";  // "" or where it was found: "decoded payload", "exec'd string", ... (static text)
};

}  // namespace mai::assess
