// `mai-sandbox assess [--json] [--lang python|shell] [--origin mai|external]
//  [--jobs N] FILE|DIR|- ...`: static assessment only; nothing runs.
// One file: the assessment (JSON object with --json). Several files or a
// directory (searched for .py, .sh and .bash files): batch mode, one line
// per file (a JSON object with "file" with --json) and a summary line.
// Exit 0 whenever assessments were made (whatever their levels), 2 on usage
// or configuration errors, 1 when a batch could not read some file.
#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include "assess/assessor.hpp"
#include "cli/command.hpp"
#include "common/error.hpp"
#include "config/sandbox_config.hpp"
#include "model/json_codec.hpp"
#include "model/program_files.hpp"

namespace mai::cli {
namespace {

struct AssessOptions {
  bool json = false;
  std::string lang;
  std::string origin = "external";
  unsigned jobs = 0;
  std::vector<std::string> files;
};

Language language_for(const AssessOptions& o, const std::string& file) {
  if (!o.lang.empty()) {
    auto l = parse_language(o.lang);
    if (!l) throw UsageError("--lang: expected python or shell, got '" + o.lang + "'");
    return *l;
  }
  return language_of_name(file).value_or(Language::python);
}

bool is_dir(const std::string& p) {
  struct stat st {};
  return p != "-" && ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Every program file (.py, .sh, ...: model/program_files.hpp) under `dir`, sorted; symbolic links are not followed.
void collect(const std::string& dir, std::vector<std::string>& out, int depth = 0) {
  if (depth > 64) return;
  DIR* d = ::opendir(dir.c_str());
  if (!d) throw UsageError(dir + ": cannot open the directory");
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n == "." || n == "..") continue;
    names.push_back(n);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  for (const auto& n : names) {
    std::string p = dir + (dir.back() == '/' ? "" : "/") + n;
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) collect(p, out, depth + 1);
    else if (S_ISREG(st.st_mode) && language_of_name(n))
      out.push_back(p);
  }
}

void print_single(const AssessOptions& opts, const Assessment& a) {
  if (opts.json) {
    std::cout << to_json(a).dump(2) << "\n";
    return;
  }
  std::cout << to_string(a.level) << "\n";
  for (const auto& f : a.findings)
    std::cout << f.line << ":" << f.column << " " << f.rule_id << " " << to_string(f.level) << " " << f.message
              << "\n";
  // stdout stays machine-readable (level, then findings); the words go to stderr.
  if (!a.explanation.empty()) std::cerr << a.explanation << "\n";
}

int run_batch(const AssessOptions& opts, const assess::Assessor& engine, Origin origin, uint64_t limit,
              const std::vector<std::string>& files) {
  struct Result {
    std::optional<Assessment> a;
    std::string error;
    size_t bytes = 0;
  };
  std::vector<Result> results(files.size());
  std::atomic<size_t> next{0};
  auto start = std::chrono::steady_clock::now();
  auto work = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      Result& r = results[i];
      try {
        std::string code = read_code(files[i], limit);
        r.bytes = code.size();
        r.a = engine.assess(code, language_for(opts, files[i]), origin);
      } catch (const std::exception& e) {
        r.error = e.what();
      }
    }
  };
  unsigned n = opts.jobs ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
  n = std::min<unsigned>(n, static_cast<unsigned>(std::max<size_t>(files.size(), 1)));
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < n; ++k) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  size_t counts[4] = {0, 0, 0, 0}, errors = 0, bytes = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    const Result& r = results[i];
    bytes += r.bytes;
    if (!r.a) {
      ++errors;
      if (opts.json) std::cout << json{{"file", files[i]}, {"error", r.error}}.dump() << "\n";
      else std::cout << "ERROR " << files[i] << ": " << r.error << "\n";
      continue;
    }
    ++counts[static_cast<int>(r.a->level)];
    if (opts.json) {
      json line = to_json(*r.a);
      line["file"] = files[i];
      std::cout << line.dump() << "\n";
    } else {
      std::cout << to_string(r.a->level) << " " << files[i] << "\n";
    }
  }
  json summary = {{"files", files.size()}, {"LOW", counts[0]},     {"MEDIUM", counts[1]},
                  {"HIGH", counts[2]},     {"BLOCKED", counts[3]}, {"errors", errors},
                  {"bytes", bytes},        {"duration_ms", static_cast<uint64_t>(ms)}};
  if (opts.json) std::cout << json{{"summary", summary}}.dump() << "\n";
  else
    std::cout << "summary: " << files.size() << " files, LOW " << counts[0] << ", MEDIUM " << counts[1]
              << ", HIGH " << counts[2] << ", BLOCKED " << counts[3] << ", errors " << errors << "\n";
  return errors ? 1 : 0;
}

}  // namespace

void add_assess_command(CLI::App& app, const GlobalOptions& global, Action& action) {
  auto opts = std::make_shared<AssessOptions>();
  CLI::App* cmd = app.add_subcommand(
      "assess",
      "Assess code statically and print its risk level (LOW, MEDIUM, HIGH, BLOCKED) and findings.\n"
      "Nothing runs. Several files or a directory: one line per file and a summary.\n"
      "Exit status 0 whenever assessments were made, 2 on usage errors, 1 when a batch could not read a file.");
  cmd->add_flag("--json", opts->json, "Print the assessment as JSON (one object per line in batch mode)");
  cmd->add_option("--lang", opts->lang, "python or shell (default: from the file extension .py/.sh, else python)")
      ->check(CLI::IsMember({"python", "shell"}));
  cmd->add_option("--origin", opts->origin,
                  "Who wrote the code: mai or external (external adds the heuristics that judge intent from "
                  "weaker evidence)")
      ->check(CLI::IsMember({"mai", "external"}));
  cmd->add_option("--jobs", opts->jobs, "Batch mode: files assessed in parallel (default: one per CPU)")
      ->check(CLI::Range(1u, 256u));
  cmd->add_option("files", opts->files, "Files or directories to assess, or - for standard input")->required();
  cmd->callback([&global, &action, opts] {
    action = [&global, opts]() -> int {
      auto origin = parse_origin(opts->origin);
      if (!origin) throw UsageError("--origin: expected mai or external");
      for (const auto& f : opts->files) (void)language_for(*opts, f);
      config::Source source = global.config_source();
      uint64_t limit = config::parse_sandbox_config(source.load("sandbox.yaml")).max_code_bytes;
      auto engine = assess::Assessor::from_config(source);
      bool batch = opts->files.size() > 1 || is_dir(opts->files[0]);
      if (!batch) {
        std::string code;
        try {
          code = read_code(opts->files[0], limit);
        } catch (const UsageError&) {
          throw;
        } catch (const std::exception& e) {
          throw UsageError(opts->files[0] + ": " + e.what());
        }
        print_single(*opts, engine.assess(code, language_for(*opts, opts->files[0]), *origin));
        return 0;
      }
      std::vector<std::string> files;
      for (const auto& f : opts->files) {
        if (f == "-") throw UsageError("-: standard input cannot be part of a batch");
        if (is_dir(f)) collect(f, files);
        else files.push_back(f);
      }
      return run_batch(*opts, engine, *origin, limit, files);
    };
  });
}

}  // namespace mai::cli
