// `mai-sandbox assess [--json] [--lang python|shell] [--origin mai|external] FILE|-`:
// static assessment only; nothing runs. Exit 0 whenever an assessment was made
// (whatever its level), 2 on usage or configuration errors.
#include <iostream>
#include <memory>

#include "assess/assessor.hpp"
#include "cli/command.hpp"
#include "common/error.hpp"
#include "config/sandbox_config.hpp"
#include "model/json_codec.hpp"

namespace mai::cli {
namespace {

struct AssessOptions {
  bool json = false;
  std::string lang;
  std::string origin = "external";
  std::string file;
};

Language language_for(const AssessOptions& o) {
  if (!o.lang.empty()) {
    auto l = parse_language(o.lang);
    if (!l) throw UsageError("--lang: expected python or shell, got '" + o.lang + "'");
    return *l;
  }
  auto ends_with = [&](const char* ext) {
    std::string e(ext);
    return o.file.size() >= e.size() && o.file.compare(o.file.size() - e.size(), e.size(), e) == 0;
  };
  if (ends_with(".sh") || ends_with(".bash")) return Language::shell;
  return Language::python;
}

}  // namespace

void add_assess_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto opts = std::make_shared<AssessOptions>();
  CLI::App* cmd = app.add_subcommand(
      "assess",
      "Assess code statically and print its risk level (LOW, MEDIUM, HIGH, BLOCKED) and findings.\n"
      "Nothing runs. Exit status 0 whenever an assessment was made, 2 on usage errors.");
  cmd->add_flag("--json", opts->json, "Print the assessment object as JSON");
  cmd->add_option("--lang", opts->lang, "python or shell (default: from the file extension .py/.sh, else python)")
      ->check(CLI::IsMember({"python", "shell"}));
  cmd->add_option("--origin", opts->origin,
                  "Who wrote the code: mai or external (behavioural rules apply to external code)")
      ->check(CLI::IsMember({"mai", "external"}));
  cmd->add_option("file", opts->file, "The code to assess, or - for standard input")->required();
  cmd->callback([&global, &action, opts] {
    action = [&global, opts]() -> int {
      Language language = language_for(*opts);
      auto origin = parse_origin(opts->origin);
      if (!origin) throw UsageError("--origin: expected mai or external");
      config::Source source = global.config_source();
      uint64_t limit = config::parse_sandbox_config(source.load("sandbox.yaml")).max_code_bytes;
      auto engine = assess::Assessor::from_config(source);
      std::string code;
      try {
        code = read_code(opts->file, limit);
      } catch (const UsageError&) {
        throw;
      } catch (const std::exception& e) {
        throw UsageError(opts->file + ": " + e.what());
      }
      Assessment a = engine.assess(code, language, *origin);
      if (opts->json) {
        std::cout << to_json(a).dump(2) << "\n";
        return 0;
      }
      std::cout << to_string(a.level) << "\n";
      for (const auto& f : a.findings)
        std::cout << f.line << ":" << f.column << " " << f.rule_id << " " << to_string(f.level) << " "
                  << f.message << "\n";
      // stdout stays machine-readable (level, then findings); the words go to stderr.
      if (!a.explanation.empty()) std::cerr << a.explanation << "\n";
      return 0;
    };
  });
}

}  // namespace mai::cli
