// Assessor benchmark, every figure measured against a peer or a bound in the
// same run (bench/README.md, docs/assessment.md):
//  - throughput over real code (a sample of Debian's installed Python: the
//    standard library and dist-packages) against bandit on the same files,
//    per CPU second and per wall second, best of three for both;
//  - the BLOCKED/HIGH/MEDIUM counts over that real code;
//  - p50/p99 latency of a 1,000-line Python file and a 1,000-line shell file;
//  - peak memory and time for a generated 1 MB Python file and a 1 MB shell
//    file (in a child process, so the figure is the assessor's own);
//  - the Assessor's construction time (what every `run` pays at start-up);
//  - the scores on our own corpus (tests/corpus).
// Files are read, never executed.
//
// usage: assess_bench [--no-bandit] [--every N] [--seconds S] [--construct N (the load only, N times)]
#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "assess/syntax_tree.hpp"
#include "corpus.hpp"

using namespace mai;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double thread_cpu() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + ts.tv_nsec / 1e9;
}

double children_cpu() {
  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

std::string read_file(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void python_files(const std::string& dir, std::vector<std::string>& out, int depth = 0) {
  if (depth > 16) return;
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != "..") names.push_back(n);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  for (const auto& n : names) {
    std::string p = dir + "/" + n;
    struct stat st {};
    if (lstat(p.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) python_files(p, out, depth + 1);
    else if (S_ISREG(st.st_mode) && n.size() > 3 && n.compare(n.size() - 3, 3, ".py") == 0) out.push_back(p);
  }
}

struct Real {
  std::string path, code;
};

struct Throughput {
  double wall = 0, cpu = 0;
  size_t bytes = 0, files = 0;
};

Throughput measure(const assess::Assessor& engine, const std::vector<Real>& set) {
  Throughput t;
  auto start = Clock::now();
  double cpu0 = thread_cpu();
  volatile int sink = 0;
  for (const auto& s : set) {
    sink = sink + static_cast<int>(engine.assess(s.code, Language::python, Origin::external).level);
    t.bytes += s.code.size();
    ++t.files;
  }
  t.wall = seconds_since(start);
  t.cpu = thread_cpu() - cpu0;
  return t;
}

// The parser alone (tree-sitter, and the copy into the assessor's tree) on
// the same files: the ceiling any interpretation could reach.
double parse_cpu_seconds(const std::vector<Real>& set) {
  double cpu0 = thread_cpu();
  volatile size_t sink = 0;
  for (const auto& s : set) sink = sink + assess::SyntaxTree::parse(s.code, Language::python).size();
  return thread_cpu() - cpu0;
}

// bandit on exactly these files (one process, as bandit is used); wall and
// CPU seconds, or a negative wall time when bandit is missing.
std::pair<double, double> time_bandit(const std::vector<Real>& set) {
  if (access("/usr/bin/bandit", X_OK) != 0) return {-1, 0};
  std::vector<std::string> args = {"bandit", "-q", "-f", "json", "-o", "/dev/null"};
  for (const auto& s : set) args.push_back(s.path);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  double cpu0 = children_cpu();
  auto start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execv("/usr/bin/bandit", argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return {seconds_since(start), children_cpu() - cpu0};
}

// Assesses `code` in a child process; returns (seconds, peak RSS in MiB, level).
struct ChildRun {
  double seconds = 0;
  double peak_mib = 0;
  int level = -1;
};
ChildRun in_child(const assess::Assessor& engine, const std::string& code, Language lang) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    auto start = Clock::now();
    auto a = engine.assess(code, lang, Origin::external);
    double s = seconds_since(start);
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "%.6f %d\n", s, static_cast<int>(a.level));
    (void)!write(fds[1], buf, static_cast<size_t>(n));
    _exit(0);
  }
  close(fds[1]);
  char buf[64] = {};
  ssize_t n = read(fds[0], buf, sizeof buf - 1);
  close(fds[0]);
  int status = 0;
  rusage ru{};
  wait4(pid, &status, 0, &ru);
  ChildRun r;
  if (n > 0) std::sscanf(buf, "%lf %d", &r.seconds, &r.level);
  r.peak_mib = ru.ru_maxrss / 1024.0;
  return r;
}

// A realistic 1 MB file: real library code, repeated with its top-level names
// renamed so that nothing is a duplicate.
std::string generated_python(size_t bytes) {
  std::string base = read_file("/usr/lib/python3.11/argparse.py");
  if (base.empty()) base = "def f(x):\n    return x + 1\n";
  std::string out;
  for (int copy = 0; out.size() < bytes; ++copy) {
    std::string part = base;
    std::string suffix = "_" + std::to_string(copy);
    for (const char* kw : {"\ndef ", "\nclass "}) {
      size_t p = 0;
      while ((p = part.find(kw, p)) != std::string::npos) {
        size_t name = p + std::strlen(kw);
        size_t e = part.find_first_of("(:", name);
        if (e == std::string::npos) break;
        part.insert(e, suffix);
        p = e;
      }
    }
    out += part;
  }
  out.resize(bytes);
  return out;
}

std::string generated_shell(size_t bytes) {
  const char* unit =
      "deploy_%d() {\n"
      "  local dir=\"${1:-build}\"\n"
      "  mkdir -p \"$dir\" && cd \"$dir\" || return 1\n"
      "  for f in *.tar.gz; do [ -e \"$f\" ] || continue; tar xzf \"$f\"; done\n"
      "  if [ -n \"$VERBOSE\" ]; then echo \"deployed $dir\" | tee -a deploy.log; fi\n"
      "  curl -fsS -o status.json https://status.example.com/api/v1/health || true\n"
      "  grep -c ok status.json | awk '{ s += $1 } END { print s }'\n"
      "}\n";
  std::string out;
  char buf[1024];
  for (int i = 0; out.size() < bytes; ++i) {
    std::snprintf(buf, sizeof buf, unit, i);
    out += buf;
  }
  out.resize(bytes);
  return out;
}

std::string lines_of(const std::string& code, size_t lines) {
  size_t p = 0;
  for (size_t i = 0; i < lines && p != std::string::npos; ++i) p = code.find('\n', p + 1);
  return p == std::string::npos ? code : code.substr(0, p + 1);
}

std::pair<double, double> latency(const assess::Assessor& engine, const std::string& code, Language lang, int runs) {
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    auto start = Clock::now();
    (void)engine.assess(code, lang, Origin::external);
    ms.push_back(seconds_since(start) * 1000);
  }
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms[std::min(ms.size() - 1, ms.size() * 99 / 100)]};
}

}  // namespace

int main(int argc, char** argv) {
  bool bandit = true;
  size_t every = 4;
  int constructions = 15;
  bool construction_only = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--no-bandit") bandit = false;
    else if (a == "--every" && i + 1 < argc) every = std::max(1, std::atoi(argv[++i]));
    // Only the construction, this many times: a profile of the assessor's load.
    else if (a == "--construct" && i + 1 < argc) {
      constructions = std::max(1, std::atoi(argv[++i]));
      construction_only = true;
    }
  }

  // ---- construction
  std::vector<double> build_ms;
  for (int i = 0; i < constructions; ++i) {
    auto start = Clock::now();
    auto e = assess::Assessor::from_config(config::Source(std::nullopt));
    build_ms.push_back(seconds_since(start) * 1000);
  }
  std::sort(build_ms.begin(), build_ms.end());
  std::printf("Assessor construction (built-in config): p50 %.1f ms, max %.1f ms\n", build_ms[build_ms.size() / 2],
              build_ms.back());
  if (construction_only) return 0;
  auto engine = assess::Assessor::from_config(config::Source(std::nullopt));

  // ---- real code
  std::vector<std::string> paths;
  python_files("/usr/lib/python3.11", paths);
  python_files("/usr/lib/python3/dist-packages", paths);
  std::vector<Real> real;
  for (size_t i = 0; i < paths.size(); i += every) real.push_back({paths[i], read_file(paths[i])});
  size_t levels[4] = {0, 0, 0, 0};
  for (const auto& r : real) ++levels[static_cast<int>(engine.assess(r.code, Language::python, Origin::external).level)];
  Throughput best;
  for (int run = 0; run < 3; ++run) {
    Throughput t = measure(engine, real);
    if (run == 0 || t.cpu < best.cpu) best = t;
  }
  double mb = best.bytes / 1e6;
  std::printf("real code: %zu of %zu installed Python files (every %zuth), %.1f MB\n", real.size(), paths.size(),
              every, mb);
  std::printf("  levels: LOW %zu, MEDIUM %zu, HIGH %zu, BLOCKED %zu\n", levels[0], levels[1], levels[2], levels[3]);
  std::printf("  assessor (1 thread): %.2f MB/s per CPU second, %.2f MB/s wall\n", mb / best.cpu, mb / best.wall);
  double parse_cpu = parse_cpu_seconds(real);
  for (int run = 0; run < 2; ++run) parse_cpu = std::min(parse_cpu, parse_cpu_seconds(real));
  std::printf("  parser alone: %.2f MB/s per CPU second (%.0f %% of the assessor's CPU time)\n", mb / parse_cpu,
              100 * parse_cpu / best.cpu);
  if (bandit) {
    double bwall = -1, bcpu = 0;
    for (int run = 0; run < 3; ++run) {
      auto [w, c] = time_bandit(real);
      if (w < 0) break;
      if (bwall < 0 || c < bcpu) bwall = w, bcpu = c;
    }
    if (bwall < 0) {
      std::printf("  bandit: not installed\n");
    } else {
      std::printf("  bandit (same files): %.3f MB/s per CPU second, %.3f MB/s wall\n", mb / bcpu, mb / bwall);
      std::printf("  speed-up over bandit: %.1fx per CPU second, %.1fx wall\n", bcpu / best.cpu, bwall / best.wall);
    }
  }

  // ---- latency of a 1,000-line file
  std::string py1000 = lines_of(read_file("/usr/lib/python3.11/argparse.py"), 1000);
  std::string sh1000 = lines_of(generated_shell(60000), 1000);
  auto [p50, p99] = latency(engine, py1000, Language::python, 300);
  auto [s50, s99] = latency(engine, sh1000, Language::shell, 300);
  std::printf("1,000-line Python file (%zu KB): p50 %.2f ms, p99 %.2f ms\n", py1000.size() / 1024, p50, p99);
  std::printf("1,000-line shell file (%zu KB): p50 %.2f ms, p99 %.2f ms\n", sh1000.size() / 1024, s50, s99);

  // ---- 1 MB inputs, in a child for a clean peak RSS
  for (Language lang : {Language::python, Language::shell}) {
    std::string big = lang == Language::python ? generated_python(1 << 20) : generated_shell(1 << 20);
    ChildRun r = in_child(engine, big, lang);
    std::printf("1 MB %s file: %.2f s, peak RSS %.0f MiB (process total), level %s\n",
                lang == Language::python ? "Python" : "shell", r.seconds, r.peak_mib,
                r.level >= 0 ? to_string(static_cast<RiskLevel>(r.level)).c_str() : "?");
  }

  // ---- our corpus
  auto samples = assess::corpus::load();
  if (samples.empty()) {
    // No scores for nothing: a matrix of zeros would read as a perfect one.
    std::printf("our corpus (tests/corpus): not found; run from the repository root or set MAI_SOURCE_DIR\n");
    return 0;
  }
  assess::corpus::Score score;
  for (const auto& s : samples) score.add(s, engine.assess(s.code, s.language, Origin::external).level);
  std::printf("our corpus (tests/corpus, %zu files):\n%s", samples.size(), score.report().c_str());
  return 0;
}
