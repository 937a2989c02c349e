// The state one assessment shares between its front ends: the library model,
// the effect log, the work budget, the files written so far (so executing a
// file that was downloaded counts as executing downloaded data) and the
// placement of nested code (a string given to exec or a shell, a decoded
// payload), whose effects are reported at the outer construct.
#pragma once
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "assess/effects.hpp"
#include "assess/known_threats.hpp"
#include "assess/library_model.hpp"
#include "assess/taint.hpp"
#include "assess/value.hpp"

namespace mai::assess {

// CPU time of the calling thread, in nanoseconds (load on other cores or
// other processes does not count).
uint64_t thread_cpu_ns();

// Work units: one per node visited, per call re-evaluated, per loop
// iteration. Proportional to the input, but the units are not of one cost:
// one can copy a long string or a big set of alternatives, so 1 MB of
// `x = [x]` or `s = s + s` lines ran for minutes. The CPU deadline bounds
// what the units do not: past it the budget is spent, as when the units run
// out ("too large to analyse fully"). Thread CPU time, not wall time, so a
// loaded machine does not change the verdict. A unit can copy a few strings of
// up to Value::kMaxString, so the clock is looked at every 64 units, but the
// thread's CPU clock is a system call that cost as much as the units
// themselves: it is read only when the coarse monotonic clock (vDSO) says
// 50 ms have passed since the last reading.
class Budget {
 public:
  static constexpr uint64_t kCpuLimitNs = 5'000'000'000;
  explicit Budget(uint64_t units, uint64_t cpu_limit_ns = kCpuLimitNs)
      : left_(units), deadline_ns_(thread_cpu_ns() + cpu_limit_ns) {}
  bool spend(uint64_t n = 1) {
    if (left_ < n || ((++ticks_ & 63) == 0 && past_deadline())) {
      left_ = 0;
      exhausted_ = true;
      return false;
    }
    left_ -= n;
    return true;
  }
  bool exhausted() const { return exhausted_; }
  uint64_t left() const { return left_; }

 private:
  bool past_deadline();
  uint64_t left_;
  uint64_t deadline_ns_;
  uint64_t next_reading_ns_ = 0;  // CLOCK_MONOTONIC_COARSE
  uint32_t ticks_ = 0;
  bool exhausted_ = false;
};

// Where effects are reported.
struct Site {
  uint32_t line = 0, col = 0;
  std::string via;
  uint32_t flags = 0;  // EffectFlag bits of the code around (loops, recursion)
};

// An abstract word of a command line: its text (kUnknownPart for parts
// known only at run time), what it carries, and where that was seen.
struct Word {
  std::string text;
  uint32_t taint = 0;
  int32_t ev = -1;
};

struct Ctx {
  Ctx(const LibraryModel& l, const KnownThreats& t, EffectLog& g, uint64_t units,
      uint64_t cpu_limit_ns = Budget::kCpuLimitNs)
      : lib(l), threats(t), log(g), budget(units, cpu_limit_ns), budget_half(units / 2),
        hook_class(l.path_class_bit("git_hook").value_or(0)),
        public_key_class(l.path_class_bit("public_key").value_or(0)),
        credentials_class(l.path_class_bit("credentials").value_or(0)),
        bookmarks_class(l.path_class_bit("browser_bookmarks").value_or(0)),
        browser_data_class(l.path_class_bit("browser_data").value_or(0)),
        directory_class(l.path_class_bit("directory").value_or(0)) {}
  const LibraryModel& lib;
  const KnownThreats& threats;
  EffectLog& log;
  Budget budget;
  uint64_t budget_half;  // below this, no more re-evaluation: walk the rest once

  // Nested code: depth and bytes analysed, pinned location and its label.
  int nest = 0;
  size_t nested_bytes = 0;
  // Native recursion of the interpreters, shared by nested code: the stack
  // any input can use is bounded.
  int depth = 0;
  static constexpr int kMaxDepth = 250;
  int depth_allowance = kMaxDepth;  // raised while calls under too-deep code are evaluated
  bool pinned = false;
  Site pin;
  // Nested code already interpreted (a function's `python3 -c` called again
  // is not analysed again), with what its first run printed: a later run
  // prints data of the same kind (the download a fetch helper prints).
  struct NestedPrint {
    uint32_t taint = 0;
    int32_t ev = -1;
  };
  std::unordered_map<std::string, NestedPrint> seen_nested;
  // The environment a started process (a Popen) was given, by its command
  // line: what it reads once data is fed to it later (communicate(input)).
  std::unordered_map<std::string, std::vector<std::pair<std::string, Word>>> process_env;
  static constexpr size_t kMaxProcessEnvs = 32;
  template <class Run>
  NestedPrint printing(Run&& run) {
    const uint32_t outer = nested_printed_taint;
    const int32_t outer_ev = nested_printed_ev;
    nested_printed_taint = 0;
    nested_printed_ev = -1;
    run();
    const NestedPrint printed{nested_printed_taint, nested_printed_ev};
    nested_printed_taint |= outer;
    if (outer_ev >= 0) nested_printed_ev = outer_ev;
    return printed;
  }
  void print_again(const NestedPrint& p) {
    if (!p.taint) return;
    nested_printed_taint |= p.taint;
    if (nested_printed_ev < 0) nested_printed_ev = p.ev;
    nested_printed_known = false;  // (its text this time is not known)
  }
  // Shell functions made visible to child shells (`export -f seal_one`):
  // name -> its definition, put before nested shell code that names it
  // (xargs ... bash -c 'for f; do seal_one "$f"; done').
  std::map<std::string, std::string> exported_functions;
  static constexpr size_t kMaxExportedFunctions = 32, kMaxExportedFunction = 64u << 10;
  // Shell functions that `eval` defined (eval "${w}() { ... }"): they belong
  // to the shell that ran the eval, which calls them by name later.
  std::map<std::string, std::string> eval_functions;
  int in_eval = 0;  // code `eval` runs is being interpreted
  // Interpreting a copy of the program run with a command line known whole
  // (self_copies.hpp): conditions known here decide their branch.
  bool copy_run = false;
  bool incomplete = false;  // something was too big or too deep to analyse fully
  std::string incomplete_why;

  // Whether a path is known well enough to tie a later read or run to an
  // earlier write (mostly unknown paths would all look alike).
  static bool trackable(std::string_view p) {
    if (!is_partial(p)) return !p.empty();
    size_t slash = p.rfind('/');
    std::string_view base = slash == std::string_view::npos ? p : p.substr(slash + 1);
    if (base.size() >= 2 && !is_partial(base)) return true;
    // A name made of a fixed part and an unknown one (backup-$(date +%s).tgz):
    // enough of it is known to tell it from others.
    size_t known = 0;
    for (char c : base)
      if (c != kUnknownPart) ++known;
    if (known >= 6 && base.front() != kUnknownPart) return true;
    // An unknown prefix and a distinctive known rest in a known directory
    // ("$WORK/${TICKET}-bundle.tar.gz" with WORK from mktemp); or a known
    // suffix in a work directory of this code's own, named distinctively and
    // then made unique (WORK=/tmp/escrow.$$: "$WORK/$HOST.tar.gz").
    // (A bare name is in the working directory: a known one, "$1.job.json".)
    if (slash == std::string_view::npos) return known >= 8;
    std::string_view dir = p.substr(0, slash);
    size_t fixed = std::min(dir.find(kUnknownPart), dir.size());
    if (fixed == dir.size()) return known >= 8;
    if (made_temp_dir(dir)) return known >= 4;
    return fixed >= 8 && known >= 4;
  }
  // A directory this code made with mkdtemp or TemporaryDirectory
  // (temporary_name: "/tmp/<unknown>/tmpdir<site>", the rest known): one
  // directory, whatever its run-time name, so a file named distinctively
  // in it ("<host>-profile.tgz") is one file too.
  static bool made_temp_dir(std::string_view dir) {
    const std::string marker = std::string(1, kUnknownPart) + "/tmpdir";
    size_t at = dir.rfind(marker);
    if (at == std::string_view::npos || at == 0 || dir[at - 1] != '/') return false;
    std::string_view rest = dir.substr(at + marker.size());
    if (rest.empty() || !std::isdigit(static_cast<unsigned char>(rest[0]))) return false;
    return rest.find(kUnknownPart) == std::string_view::npos && dir.substr(0, at).find(kUnknownPart) == std::string_view::npos;
  }
  // A path with unknown parts as a glob pattern: each unknown part any run of a name.
  static std::string as_glob(std::string_view path) {
    std::string pattern(path);
    for (auto& c : pattern)
      if (c == kUnknownPart) c = '*';
    return pattern;
  }
  // Files written under a known directory with names made at run time
  // (outbox/<time>-<uuid>.msg): a spool that a later glob of that directory
  // (outbox/*.msg) reads back.
  std::vector<std::pair<std::string, std::pair<uint32_t, int32_t>>> spooled;
  static constexpr size_t kMaxSpooled = 64;
  // The directory may itself be named at run time under a known one of the
  // code's (.deploy/hooks/<release>/<name>.py).
  static bool spool_name(std::string_view p) {
    size_t slash = p.rfind('/');
    if (slash == std::string_view::npos || slash == 0) return false;
    std::string_view dir = p.substr(0, slash), base = p.substr(slash + 1);
    if (!is_partial(base)) return false;
    // Or a named directory under a root known only at run time, the script's
    // own ($SCRIPT_DIR/selector_pack, SCRIPT_DIR from `cd "$(dirname "$0")" && pwd`).
    const bool under_run_time_root = dir.size() >= 5 && dir[0] == kUnknownPart && dir[1] == '/' &&
                                     dir.find(kUnknownPart, 1) == std::string_view::npos;
    if (is_partial(dir)) {
      std::string_view known = dir.substr(0, dir.find(kUnknownPart));  // ".deploy/hooks/"
      if (!under_run_time_root &&
          (known.size() < 2 || known.back() != '/' || shared_directory(known.substr(0, known.size() - 1))))
        return false;
    } else if (shared_directory(dir)) {
      return false;
    }
    size_t dot = base.rfind('.');
    if (dot != std::string_view::npos && dot + 2 <= base.size() && !is_partial(base.substr(dot))) return true;
    // A name wholly made at run time (a name from a download's index) in a
    // directory of the code's own: named in full (./.ext-cache/<name>), or
    // made up under a named one (firmware/<model>/tools/<name>, staging/<version>/<name>).
    if (base.find_first_not_of(kUnknownPart) != std::string_view::npos || dir == "." || dir == "./") return false;
    if (!is_partial(dir) || under_run_time_root) return true;
    std::string_view named = dir.substr(0, dir.find(kUnknownPart));  // "./staging/"
    if (named.substr(0, 2) == "./") named.remove_prefix(2);
    return named.size() >= 3;  // a name and its slash
  }
  // A file named at run time in a known directory of its own (cp ~/.ssh/id_*
  // "$STAGE/files/"): what that directory holds for a later tar or cp -r of it.
  static bool named_in_known_dir(std::string_view path) {
    size_t slash = path.rfind('/');
    if (slash == std::string_view::npos || slash == 0) return false;
    std::string_view dir = path.substr(0, slash);
    for (std::string_view root : {"~", "/tmp", "/var/tmp", "/dev/shm", "/home", "/root", "."})
      if (dir == root) return false;
    return !is_partial(dir) && trackable(dir);
  }
  // Files named at run time with only their extension known (f"{label}.b64"
  // in the working directory): too alike to tie a glob or another name to,
  // but the same shape read back (the path handed on in an environment
  // variable to the script that uploads it) is the file written.
  std::vector<std::pair<std::string, std::pair<uint32_t, int32_t>>> written_same_shape;
  static constexpr size_t kMaxSameShape = 64;
  static bool extension_named(std::string_view p) {
    size_t slash = p.rfind('/');
    std::string_view base = slash == std::string_view::npos ? p : p.substr(slash + 1);
    size_t dot = base.rfind('.');
    return dot != std::string_view::npos && dot > 0 && dot + 3 <= base.size() && !is_partial(base.substr(dot));
  }
  using WrittenList = std::vector<std::pair<std::string, std::pair<uint32_t, int32_t>>>;
  // One entry per path: a later write's labels join the first's (bounded).
  static void merge_write(WrittenList& list, size_t max, const std::string& path, uint32_t taint, int32_t ev) {
    for (auto& [known, w] : list)
      if (known == path) {
        w.first |= taint;
        return;
      }
    if (list.size() < max) list.push_back({path, {taint, ev}});
  }
  void record_write(const std::string& path, uint32_t taint, int32_t ev) {
    // One spool collects every write to it: a later read gets them all
    // (the notes queued first, the credentials after).
    if (taint && !trackable(path) && spool_name(path)) return merge_write(spooled, kMaxSpooled, path, taint, ev);
    if (taint && !trackable(path) && !named_in_known_dir(path) && extension_named(path))
      return merge_write(written_same_shape, kMaxSameShape, path, taint, ev);
    if (!taint || !(trackable(path) || named_in_known_dir(path))) return;
    // (a new entry has no evidence yet: -1, not the first evidence's 0)
    auto& w = written.try_emplace(path, 0u, -1).first->second;
    w.first |= taint;
    if (w.second < 0) w.second = ev;
  }
  const std::pair<uint32_t, int32_t>* written_at(const std::string& path) const {
    // Under a directory an archive was extracted into (recorded only when
    // distinctive), any file is from the archive, whatever its own name; the
    // directory itself holds the archive (mv "$dest.tmp" "$dest" moves it).
    for (const auto& [dir, w] : extracted_trees)
      if (path.size() >= dir.size() && path.compare(0, dir.size(), dir) == 0 &&
          (path.size() == dir.size() || path[dir.size()] == '/'))
        return &w;
    if (!trackable(path)) {
      if (spool_name(path)) {
        if (auto w = spooled_matching(path)) return w;
        // (plugins/*.py finds plugins/broker_<name>.py, whatever the name)
        if (auto w = written_matching(as_glob(path), /*partial_too=*/true)) return w;
      }
      for (const auto& [shape, w] : written_same_shape)
        if (shape == path) return &w;
      // Named at run time in a known directory of its own, as record_write
      // keeps it (split's pieces, part_<n>, read back as part_*).
      if (named_in_known_dir(path)) {
        if (auto it = written.find(path); it != written.end()) return &it->second;
        if (auto w = written_matching(as_glob(path), /*partial_too=*/true)) return w;
      }
      return written_dir_of(path);
    }
    auto it = written.find(path);
    if (it != written.end()) return &it->second;
    // A name with parts known only at run time (a glob, frame-*.jpg, or a
    // number printed into it) stands for the files written that it matches.
    if (is_partial(path)) {
      if (auto w = written_matching(as_glob(path))) return w;
      // (a distinctive pattern, pack/*.hook.sh, finds pack/<name> too)
      if (spool_name(path))
        if (auto w = spooled_matching(path)) return w;
    }
    return written_dir_of(path);
  }
  // spool/*.json reads back what was spooled there, under names made at run
  // time or known ones (spool/000-id_rsa.json); a name wholly made at run
  // time (hooks/$name, from a downloaded index) may be any of them (hooks/*.sh).
  const std::pair<uint32_t, int32_t>* spooled_matching(const std::string& path) const {
    const std::string pattern = as_glob(path);
    for (const auto& [spool_path, w] : spooled)
      if (glob_match(pattern, spool_path) || glob_match(as_glob(spool_path), path)) return &w;
    return nullptr;
  }
  // The first file written under a known name that a glob pattern matches;
  // `partial_too`: or under a name partly made at run time, where the
  // pattern's stars cover the parts not known.
  const std::pair<uint32_t, int32_t>* written_matching(const std::string& pattern, bool partial_too = false) const {
    size_t looked = 0;
    for (const auto& [written_path, w] : written) {
      if (++looked > kMaxWrittenMatches) break;
      if ((partial_too || !is_partial(written_path)) && glob_match(pattern, written_path)) return &w;
    }
    return nullptr;
  }
  // A directory written as a whole (extractall(dir), copytree): the files
  // under it came from that write, whatever their own names. Not the
  // working directory itself.
  const std::pair<uint32_t, int32_t>* written_dir_of(const std::string& path) const {
    if (written.empty()) return nullptr;
    for (size_t slash = path.rfind('/'); slash != std::string::npos && slash > 0; slash = path.rfind('/', slash - 1)) {
      std::string dir = path.substr(0, slash);
      if (dir == "." || dir == "~" || !trackable(dir)) continue;
      if (auto d = written.find(dir); d != written.end()) return &d->second;
    }
    return nullptr;
  }
  // What the files written under a directory hold (tar, zip -r or cp -r of a
  // staging directory carry what was copied into it), those under names made
  // at run time (a download's index) included.
  std::pair<uint32_t, int32_t> written_under(const std::string& dir) const {
    std::pair<uint32_t, int32_t> out{0, -1};
    // (a directory named in part at run time under a known one of some
    // length, staging/<date>, is the one the files written under that very
    // name went to)
    const bool known_start = is_partial(dir) && dir.find(kUnknownPart) >= 6 && dir.front() != '/';
    if (dir.empty() || dir == "." || dir == "/" || dir == "~" || (!trackable(dir) && !known_start)) return out;
    auto add = [&](const std::string& path, const std::pair<uint32_t, int32_t>& w) {
      if (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/') {
        out.first |= w.first;
        if (out.second < 0) out.second = w.second;
      }
    };
    for (const auto& [path, w] : written) add(path, w);
    for (const auto& [path, w] : spooled) add(path, w);
    return out;
  }
  // What reading a file gets of the code's own writes: the file's; for a
  // name wholly unknown in a known directory (a file os.listdir found in
  // the staging directory it filled), what any file written there holds.
  std::pair<uint32_t, int32_t> written_for_read(const std::string& path) const {
    std::pair<uint32_t, int32_t> out{0, -1};
    if (const auto* w = written_at(path)) out = *w;
    const size_t slash = path.rfind('/');
    if (slash != std::string::npos && slash > 0 && path.size() == slash + 2 && path.back() == kUnknownPart) {
      const auto any = written_under(path.substr(0, slash));
      out.first |= any.first;
      if (out.second < 0) out.second = any.second;
    }
    return out;
  }
  // What reading (or copying) a path gets of the code's own writes: the
  // file's, else, for a directory, what the files written under it hold.
  std::pair<uint32_t, int32_t> written_held(const std::string& path) const {
    if (const auto* w = written_at(path)) return *w;
    return written_under(path);
  }
  // Directories a tainted archive (a download) was extracted into: every file
  // under one holds what the archive held, so running one runs the download.
  static constexpr size_t kMaxExtractedTrees = 16;
  std::vector<std::pair<std::string, std::pair<uint32_t, int32_t>>> extracted_trees;
  // The directory may be named at run time under a known one of the code's
  // (packs/<version> from the download's own metadata): a file read under
  // the same made-up name is from the archive.
  void record_tree(const std::string& dir, uint32_t taint, int32_t ev) {
    if (!taint || dir == "/" || dir == "~" || extracted_trees.size() >= kMaxExtractedTrees) return;
    if (!trackable(dir) && !under_own_directory(dir)) return;
    extracted_trees.push_back({dir, {taint, ev}});
  }
  // A name under a known directory other than the shared ones.
  static bool under_own_directory(std::string_view p) {
    size_t slash = p.rfind('/');
    if (slash == std::string_view::npos || slash == 0) return false;
    std::string_view dir = p.substr(0, slash);
    return !is_partial(dir) && !shared_directory(dir);
  }
  // Directories every program shares: a made-up name under one says nothing of whose it is.
  static bool shared_directory(std::string_view dir) {
    return dir.empty() || dir == "." || dir == "~" || dir == "/" || dir == "/tmp" || dir == "/var/tmp" ||
           dir == "/dev/shm";
  }
  // Files written with tainted data: normalised path -> (taint, evidence).
  std::unordered_map<std::string, std::pair<uint32_t, int32_t>> written;
  static constexpr size_t kMaxWrittenMatches = 256;  // written files a pattern is matched against
  // Text written to files (a dropped script): running the file runs the text.
  // Parts known only at run time (a rendered template's values) stay unknown
  // parts of it, which the written data's labels stand for.
  static constexpr size_t kMaxWrittenTexts = 32, kMaxWrittenText = 256u << 10;
  std::unordered_map<std::string, std::string> written_text;
  void record_text(const std::string& path, std::string_view text, bool append) {
    if (!trackable(path) || text.empty() || text == std::string_view(&kUnknownPart, 1)) return;
    auto it = written_text.find(path);
    if (it == written_text.end()) {
      if (written_text.size() >= kMaxWrittenTexts) return;
      it = written_text.emplace(path, std::string()).first;
    } else if (!append) {
      it->second.clear();
    }
    if (it->second.size() + text.size() <= kMaxWrittenText) it->second.append(text);
  }
  const std::string* written_text_at(const std::string& path) const {
    auto it = written_text.find(path);
    return it == written_text.end() ? nullptr : &it->second;
  }
  // Git hooks written: a developer tool's ordinary mechanism, so a hook is
  // judged by what it runs (judge_hooks, once the code has been walked), not
  // by where it is written. Appends accumulate; the text may be partial.
  struct HookText {
    std::string path, text;
    uint32_t taint = 0;
    int32_t ev = -1;
    Site site;
  };
  static constexpr size_t kMaxHooks = 16;
  static constexpr size_t kMaxMadeDirs = 256;
  const uint32_t hook_class;  // the git_hook path class (0: the model has none)
  // A public key (id_rsa.pub) is published by design: never a credential
  // store; a browser's bookmarks are not its logins or cookies.
  const uint32_t public_key_class, credentials_class, bookmarks_class, browser_data_class;
  // Well-known directories (the `directory` path class: /etc/systemd/system,
  // ~/.config/autostart): a copy to one of them lands inside it.
  const uint32_t directory_class;
  std::vector<HookText> hooks;
  void record_hook(const std::string& path, uint32_t classes, std::string_view text, bool append, uint32_t taint,
                   int32_t ev, const Site& s);
  // Interprets each hook's text (shell, or Python by its #! line) at the
  // write that installed it, its effects flagged kInHook.
  void judge_hooks();
  // A PAM line this code wrote that runs a program with expose_authtok: the
  // program, if this code wrote it too, is judged as a hook given each
  // login's password on its standard input (shell helpers; judge_hooks calls it).
  void judge_pam_helpers();
  // What nested code printed on its standard output (a shell line's echo and
  // printf, a Python program's print); printed_by() says what one run printed.
  uint32_t nested_printed_taint = 0;
  int32_t nested_printed_ev = -1;
  // Its text, while every print was of constant text (each alternative of a
  // value a line of its own: what may be printed); printed_by() leaves the
  // last run's in printed_text, empty when not known.
  std::string nested_printed_text;
  bool nested_printed_known = true;
  std::string printed_text;
  static constexpr size_t kMaxPrintedText = 64u << 10;
  void print_text(const std::optional<std::string>& text) {
    if (!text || nested_printed_text.size() + text->size() > kMaxPrintedText) nested_printed_known = false;
    else nested_printed_text += *text;
  }
  // What `run` prints, apart from what the code around it printed: check_output
  // of a shell line returns it, `python3 - A B <<EOF > out.json` writes it.
  template <class Run>
  std::pair<uint32_t, int32_t> printed_by(Run&& run) {
    const uint32_t outer_taint = nested_printed_taint;
    const int32_t outer_ev = nested_printed_ev;
    std::string outer_text = std::move(nested_printed_text);
    const bool outer_known = nested_printed_known;
    nested_printed_taint = 0;
    nested_printed_ev = -1;
    nested_printed_text.clear();
    nested_printed_known = true;
    run();
    std::pair<uint32_t, int32_t> printed{nested_printed_taint, nested_printed_ev};
    printed_text = nested_printed_known ? std::move(nested_printed_text) : std::string();
    nested_printed_taint = outer_taint;
    nested_printed_ev = outer_ev;
    nested_printed_text = std::move(outer_text);
    nested_printed_known = outer_known;
    return printed;
  }
  std::unordered_set<std::string> read_paths;  // targets of file reads so far
  // A name with parts known only at run time names the file read only when
  // it comes from where that read's name came from (the same walk): two
  // trees' files under roots the user gives look alike but are not one.
  std::unordered_multimap<std::string, int32_t> partial_reads;  // target -> its evidence
  static constexpr size_t kMaxPartialReads = 256;
  bool same_file_read(const Effect& w) const {
    if (!is_partial(w.target) || w.target_ev < 0) return true;
    auto [from, to] = partial_reads.equal_range(w.target);
    if (from == to) return true;  // (past the bound: as before)
    for (auto it = from; it != to; ++it)
      if (it->second < 0 || it->second == w.target_ev) return true;
    return false;
  }
  // Files this code wrote before it read them (its own output), normalised.
  std::unordered_set<std::string> own_files;
  static constexpr size_t kMaxOwnFiles = 1024;
  // A path that says something of the file beyond its unknown parts (a name
  // or an extension: backups/….enc), not just unknown segments (…/…/…).
  static bool names_a_file(std::string_view path) {
    size_t known = 0;
    for (char c : path)
      if (std::isalnum(static_cast<unsigned char>(c))) ++known;
    return known >= 3;
  }
  // Directories this code made (os.makedirs, Path.mkdir, mkdir -p), normalised.
  std::unordered_set<std::string> made_dirs;
  // Names mktemp, mkstemp, mkdtemp or NamedTemporaryFile made (a random name
  // each run): what is under them is not a fixed path, whichever language
  // (a nested shell given the name) uses it.
  std::vector<std::string> unpredictable_paths;
  void note_unpredictable_path(const std::string& path) {
    if (unpredictable_paths.size() < 64 &&
        std::find(unpredictable_paths.begin(), unpredictable_paths.end(), path) == unpredictable_paths.end())
      unpredictable_paths.push_back(path);
  }
  // Whether a copy's destination (as written) names a directory: written
  // with a trailing slash, made by this code, or a well-known directory.
  bool is_directory(std::string_view dst) const;
  // Strictly under one of made_dirs.
  bool under_made_dir(std::string_view path) const;
  // A path named at run time under a known directory (backups/<date>) that
  // this code made or wrote files under and read nothing from: its own output.
  bool own_tree(std::string_view path) const;
  // Where a copy of `src` into the directory `dir` lands: DIR/<name of src>
  // (cp x.service /etc/systemd/system/, shutil.copy(src, autostart_dir)).
  static std::string into_directory(std::string_view dir, std::string_view src);
  // Links this code made (os.link/os.symlink): the link's path -> what it names.
  // A write, mode or owner change through the link reaches the target.
  std::map<std::string, std::vector<std::string>> links;
  // A virtual environment's bin/activate was sourced: pip installs into it.
  bool venv_active = false;
  // The environment the next child gets (a Python call's env= and what the
  // code set in os.environ; a shell's exported and prefix variables): its
  // code reads them (`sh -c 'curl --data-binary @"$BUNDLE" "$DEST"'`).
  // Made only when a child's interpreter takes it: copying every exported
  // value for every command made a script of 20,000 commands 20 times slower.
  using Environment = std::vector<std::pair<std::string, Word>>;
  std::function<Environment()> child_env;
  Environment take_child_env() {
    if (!child_env) return {};
    std::function<Environment()> make = std::move(child_env);
    child_env = nullptr;
    return make();
  }
  // What the nested program being interpreted reads on its standard input
  // (the pipe into `python3 -c`): its reads of sys.stdin hold it.
  uint32_t program_stdin_taint = 0;
  int32_t program_stdin_ev = -1;
  template <class Run>
  void with_program_stdin(uint32_t taint, int32_t ev, Run&& run) {
    const uint32_t outer_taint = program_stdin_taint;
    const int32_t outer_ev = program_stdin_ev;
    program_stdin_taint = taint;
    program_stdin_ev = ev;
    run();
    program_stdin_taint = outer_taint;
    program_stdin_ev = outer_ev;
  }
  // Descriptors a shell opened on a connection (`exec 5<>/dev/tcp/h/p`, in an
  // eval too), by number: what `bash -i <&5 >&5` is attached to.
  std::unordered_map<int, std::string> shell_socket_fds;
  // A socket's descriptor was duplicated onto stdin/stdout/stderr (evidence, or -1).
  int32_t stdio_socket_ev = -1;
  // A shell was started on a pseudo-terminal (its stdio a kPty descriptor; evidence, or -1).
  int32_t shell_on_pty_ev = -1;
  // Once all is interpreted: with a shell on a pseudo-terminal, what is read
  // from one is that shell's output (kShellIo), wherever it went.
  void join_pty_shells();
  // Once all is interpreted: a delete whose path comes from an option is
  // judged by the option's default (as a command word is): where the default
  // is the code's own output, so is the path the user may type instead.
  void own_output_by_default();
  // What was written into directories put on sys.path (an extracted download):
  // importing a module the model does not know runs code from there.
  uint32_t import_dir_taint = 0;
  int32_t import_dir_ev = -1;

  static constexpr int kMaxNest = 6;
  static constexpr size_t kMaxNestedBytes = 4u << 20;

  // The site to report at: the pinned outer construct when inside nested code.
  Site at(uint32_t line, uint32_t col, uint32_t flags = 0) const {
    if (pinned) {
      Site s = pin;
      s.flags |= flags;
      return s;
    }
    Site s;
    s.line = line;
    s.col = col;
    s.flags = flags;
    return s;
  }
  void effect(Effect e, const Site& s) {
    // Under or beside a name mktemp made up (f=$(mktemp -d); "$f"/x, "$f".new):
    // nobody can guess it.
    if (!unpredictable_paths.empty() && (e.kind == Eff::file_read || e.kind == Eff::file_write ||
                                         e.kind == Eff::file_delete || e.kind == Eff::file_chmod))
      for (const auto& p : unpredictable_paths)
        if (e.target.compare(0, p.size(), p) == 0) e.target_taint |= kUnpredictable;
    // Writing back to a file this code read (ransomware encrypts in place).
    // Reading back a file it wrote itself (verifying the copy it encrypted)
    // is not reading an original.
    if (e.kind == Eff::file_read && (trackable(e.target) || (e.target_taint & kWalked)) && !own_files.count(e.target)) {
      read_paths.insert(e.target);
      if (is_partial(e.target) && partial_reads.size() < kMaxPartialReads) partial_reads.emplace(e.target, e.target_ev);
    }
    if (e.kind == Eff::file_write && read_paths.count(e.target) && same_file_read(e)) e.flags |= kOverwrite;
    // Pruning its own output (old snapshots under the backup directory it
    // made, a copy it wrote and then found bad), not removing what it read.
    if (e.kind == Eff::file_delete && !read_paths.count(e.target) &&
        (under_made_dir(e.target) || own_files.count(e.target) || own_tree(e.target)))
      e.flags |= kOwnOutput;
    if (e.kind == Eff::file_write && e.tag != "mkdir" && !read_paths.count(e.target) && own_files.size() < kMaxOwnFiles &&
        names_a_file(e.target))
      own_files.insert(e.target);
    if (e.kind == Eff::file_write && e.tag == "mkdir" && made_dirs.size() < kMaxMadeDirs) made_dirs.insert(e.target);
    if ((e.kind == Eff::file_write || e.kind == Eff::file_chmod || e.kind == Eff::file_chown) && e.tag != "link" &&
        !links.empty())
      if (auto it = links.find(e.target); it != links.end())
        for (const auto& target : it->second) {
          if (target == e.target || links.count(target)) continue;  // a chain of links: one step
          Effect through = e;
          through.target = target;
          through.path_classes = classify(target);
          effect(std::move(through), s);
        }
    e.line = s.line;
    e.col = s.col;
    e.flags |= s.flags;
    if (e.via.empty()) e.via = s.via;
    log.add(std::move(e));
  }
  // A credential store's content handed to code this analysis cannot see
  // (a library or command it does not model): from there on its path to a
  // network sink can be neither proven nor ruled out. The `origin: external`
  // combinations ask for this before they judge a read plus a send.
  void secret_handed_on(const std::string& callee, const Site& s) {
    Effect e;
    e.kind = Eff::risky;
    e.tag = "secret_to_unknown";
    e.target = callee;
    e.data_taint = kSecretFile;
    effect(std::move(e), s);
  }
  void mark_incomplete(const char* why) {
    if (!incomplete) incomplete_why = why;
    incomplete = true;
  }
  // The working directory after `cd`/os.chdir to a known place ("" = where it started).
  std::string cwd;
  // `cd`/os.chdir to `to` (a path() already). Deeper than any real script
  // goes, the place is unknown, and stays so for relative moves: no later
  // path is made longer by each `cd sub` (a generated file of functions
  // doing `cd build` made every path cost its length, quadratic in all).
  // `known_place`: a directory this code made or extracted into, followed
  // even where its start is known only at run time.
  // The working directory as `pwd` and $PWD give it ("." the start); unknown
  // after a `cd` to a place not followed (paths still resolve from cwd).
  bool cwd_not_followed = false;
  // Where the last `cd` left from, as $OLDPWD gives it (none before one).
  std::optional<std::string> previous_dir;
  std::string working_dir() const {
    return cwd_not_followed ? std::string(1, kUnknownPart) : cwd.empty() ? std::string(".") : cwd;
  }
  // A directory given from the start, as a path from the working directory:
  // both relative to the start, it climbs out of the working directory first
  // ($OLDPWD after `cd ./templates` is "..", the start).
  std::string from_working_dir(const std::string& dir) const {
    auto from_start = [](const std::string& p) {
      return !p.empty() && p[0] != '/' && p[0] != '~' && !is_partial(p);
    };
    if (cwd_not_followed || cwd.empty() || cwd == "." || !from_start(cwd) || !from_start(dir)) return dir;
    std::string up;
    for (size_t at = 0; at != std::string::npos; at = cwd.find('/', at + 1)) up += up.empty() ? ".." : "/..";
    return dir == "." ? up : up + "/" + dir;
  }
  // Where a subshell or a function analysed on its own starts and goes back to.
  struct Place {
    std::string cwd;
    bool not_followed = false;
    std::optional<std::string> previous;
  };
  Place place() const { return Place{cwd, cwd_not_followed, previous_dir}; }
  void return_to(Place p) {
    cwd = std::move(p.cwd);
    cwd_not_followed = p.not_followed;
    previous_dir = std::move(p.previous);
  }
  void change_dir(std::string to, bool known_place = false) {
    static constexpr size_t kMaxCwd = 1024;
    cwd_not_followed = false;
    const bool lost = to.size() > kMaxCwd || (!to.empty() && to[0] == kUnknownPart && !known_place);
    cwd = lost ? std::string(1, kUnknownPart) : std::move(to);
  }
  // A path as the code means it: relative paths under the working directory, normalised.
  // After `cd "$OUT_DIR"` to a place relative to the start, a path that
  // begins with that place (`"$OUT_DIR/.hooks/x"`) means it from the start:
  // the code took the place for absolute, as the user's value may be.
  std::string path(std::string_view p) const {
    if (cwd.empty() || p.empty() || p[0] == '/' || p[0] == '~' || p[0] == kUnknownPart) return normalize_path(p);
    if (cwd[0] != '/' && cwd[0] != '~' && cwd[0] != kUnknownPart) {
      std::string from_start = normalize_path(p);
      if (from_start.size() > cwd.size() && from_start.compare(0, cwd.size(), cwd) == 0 &&
          from_start[cwd.size()] == '/')
        return from_start;
    }
    return normalize_path(cwd + "/" + std::string(p));
  }
  // Path classes of a (possibly partial) path.
  uint32_t classify(std::string_view path) const;
  // Taint of reading a file at `path` (credential store -> secret_file, ...).
  uint32_t read_taint(std::string_view path, uint32_t path_classes) const;
  // A package to be installed (pip's operand, a requirements line, setup()'s
  // install_requires): a known-malicious name or a typosquat is a threat.
  void judge_package(std::string_view requirement, const std::string& detail, const Site& at);
  // An archive or copy of a home directory, or of a directory in one
  // (~/Documents), holds every file under it: the user's files, found by walking.
  uint32_t home_tree_taint(std::string_view path) const;
};

// The directory an environment variable names when it is one of the user's
// standard ones (HOME is ~, XDG_CONFIG_HOME ~/.config, APPDATA
// ~/AppData/Roaming); nullopt for any other name. Both interpreters use it.
std::optional<std::string> env_directory(std::string_view name);

// Front ends. Each appends effects to ctx.log and never throws.
// `site` non-null: nested code, reported at *site with `via`. `args`: the
// arguments a command line gave the program (`python3 - A B <<EOF`), its
// sys.argv[1:]; without them sys.argv is what the user types.
void interpret_python(std::string_view code, Ctx& ctx, const Site* site, const char* via, uint32_t taint = 0,
                      int32_t ev = -1, const std::vector<Word>* args = nullptr);
void interpret_shell(std::string_view code, Ctx& ctx, const Site* site, const char* via, uint32_t taint = 0,
                     int32_t ev = -1);

}  // namespace mai::assess
