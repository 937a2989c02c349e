#include "assess/command_model.hpp"
#include "assess/key_destination.hpp"
#include "assess/windows_commands.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <tuple>

#include "assess/one_liner_network.hpp"
#include "assess/payload_decoder.hpp"
#include "assess/sed_script.hpp"
#include "assess/taint.hpp"

namespace mai::assess {

std::string command_basename(std::string_view w) {
  size_t s = w.rfind('/');
  std::string b(s == std::string_view::npos ? w : w.substr(s + 1));
  return b;
}

bool runs_script(const std::string& name) {
  static const RE2 re("^(python[0-9.]*|pypy[0-9.]*|perl|ruby|node|sh|bash|dash|zsh|ksh)$");
  return RE2::FullMatch(name, re);
}

namespace {

bool starts(const std::string& s, const char* p) { return s.compare(0, std::strlen(p), p) == 0; }

// The taint of code that runs: a whole code text from tainted data runs that
// data; data spliced into known code is only an argument. Code known to the
// last byte holds nothing received from the network, whatever the value it
// was one text of (a command line built from a download's ids on one call
// and from constants on another shares the value's labels).
uint32_t code_taint(const Word& w) {
  size_t lead = w.text.find_first_not_of(" \t\n");
  const bool known = !is_partial(w.text);
  bool whole = known || (lead != std::string::npos && w.text[lead] == kUnknownPart);
  return whole ? (known ? w.taint & ~kDownloaded : w.taint) : 0;
}

std::string join_words(const std::vector<Word>& w, size_t from) {
  std::string out;
  for (size_t i = from; i < w.size(); ++i) {
    if (i > from) out += ' ';
    out += w[i].text;
  }
  return out;
}

struct Parsed {
  std::vector<size_t> operands;                      // indices of non-option words
  std::vector<std::pair<std::string, size_t>> opts;  // option -> index of its value (or 0)
  std::vector<std::string> flags;                    // every option word as written
  bool has(const char* f) const {
    for (const auto& x : flags)
      if (x == f) return true;
    return false;
  }
  // Short flag letter present in any cluster ("-rf" has 'r').
  bool short_flag(char c) const {
    for (const auto& x : flags)
      if (x.size() >= 2 && x[0] == '-' && x[1] != '-' && x.find(c) != std::string::npos) return true;
    return false;
  }
  const size_t* value(const char* o) const {
    for (const auto& [k, v] : opts)
      if (k == o && v) return &v;
    return nullptr;
  }
};

// Splits argv[1..] into options (with their values when the spec says they
// take one) and operands; "--" ends options.
Parsed parse_args(const std::vector<Word>& argv, const CommandSpec* spec, size_t from = 1) {
  Parsed p;
  bool ended = false;
  for (size_t i = from; i < argv.size(); ++i) {
    const std::string& w = argv[i].text;
    if (!ended && w == "--") {
      ended = true;
      continue;
    }
    if (!ended && w.size() > 1 && w[0] == '-') {
      p.flags.push_back(w);
      std::string name = w;
      size_t eq = w.find('=');
      if (starts(w, "--") && eq != std::string::npos) {
        name = w.substr(0, eq);
        p.opts.emplace_back(name, 0);
        p.flags.back() = name;
        continue;
      }
      bool takes = false;
      if (spec)
        for (const auto& o : spec->opts_value)
          if (o == name) takes = true;
      if (takes && i + 1 < argv.size()) {
        p.opts.emplace_back(name, i + 1);
        ++i;
      } else if (spec && w.size() > 2 && w[1] != '-') {
        // -ofile: a short option with its value attached
        std::string head = w.substr(0, 2);
        bool t2 = false;
        for (const auto& o : spec->opts_value)
          if (o == head) t2 = true;
        // A cluster of letters (-rave): the first letter that takes a value
        // takes the rest of the word, or the next word when it is the last
        // (rsync -rave ssh SRC DST: "ssh" is -e's, not a source).
        size_t last = 0;
        if (!t2 && std::all_of(w.begin() + 1, w.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
          for (size_t k = 2; k < w.size() && !last; ++k)
            for (const auto& o : spec->opts_value)
              if (o.size() == 2 && o[0] == '-' && o[1] == w[k]) last = k;
        if (last && last + 1 == w.size() && i + 1 < argv.size()) {
          p.opts.emplace_back(name, 0);
          p.opts.emplace_back(std::string("-") + w[last], i + 1);
          ++i;
        } else {
          p.opts.emplace_back(t2 ? head : name, 0);
        }
      } else {
        p.opts.emplace_back(name, 0);
      }
      continue;
    }
    p.operands.push_back(i);
  }
  return p;
}

// The value of short option -X inside a cluster (-qO- or -sSLo FILE).
std::optional<Word> cluster_value(const std::vector<Word>& argv, char x) {
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& w = argv[i].text;
    if (w.size() < 3 || w[0] != '-' || w[1] == '-') continue;
    size_t k = w.find(x, 1);
    if (k == std::string::npos) continue;
    bool letters = true;
    for (size_t j = 1; j < k; ++j)
      if (!std::isalpha(static_cast<unsigned char>(w[j]))) letters = false;
    if (!letters) continue;
    if (k + 1 < w.size()) return Word{w.substr(k + 1), argv[i].taint, argv[i].ev};
    if (i + 1 < argv.size()) return argv[i + 1];
  }
  return std::nullopt;
}

// The text of an option's value, also when written --opt=value or -oVALUE.
std::optional<Word> opt_value(const std::vector<Word>& argv, const Parsed& p, const char* o) {
  if (const size_t* i = p.value(o)) return argv[*i];
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& w = argv[i].text;
    std::string eq = std::string(o) + "=";
    if (starts(w, eq.c_str())) return Word{w.substr(eq.size()), argv[i].taint, argv[i].ev};
    if (std::strlen(o) == 2 && o[1] != '-' && w.size() > 2 && starts(w, o) && w[1] == o[1])
      return Word{w.substr(2), argv[i].taint, argv[i].ev};
  }
  return std::nullopt;
}

}  // namespace

bool evaluates_code(const std::string& program_text) {
  static const RE2 evaluates("(?i)\\b(eval|exec|compile|instance_eval)\\b|new\\s+Function\\s*\\(");
  return RE2::PartialMatch(program_text, evaluates);
}

namespace {
// awk and its variants: the program is their first operand unless -f names its file.
bool is_awk(const std::string& name) { return name == "awk" || name == "gawk" || name == "mawk" || name == "nawk"; }

// The suffix a compressor gives the files it compresses; null for any other command.
const char* compressor_suffix(const std::string& name) {
  static const std::pair<const char*, const char*> tools[] = {
      {"gzip", ".gz"},    {"gunzip", ".gz"}, {"zcat", ".gz"},   {"bzip2", ".bz2"},  {"bunzip2", ".bz2"},
      {"bzcat", ".bz2"},  {"xz", ".xz"},     {"unxz", ".xz"},   {"xzcat", ".xz"},   {"lzma", ".lzma"},
      {"unlzma", ".lzma"}, {"lzcat", ".lzma"}, {"zstd", ".zst"}, {"unzstd", ".zst"}, {"zstdcat", ".zst"}};
  for (const auto& [tool, suffix] : tools)
    if (name == tool) return suffix;
  return nullptr;
}

// gunzip, zcat, bunzip2 ...: the compressors' names that always decompress.
bool decompressor(const std::string& name) {
  return name == "gunzip" || name == "zcat" || name == "bunzip2" || name == "bzcat" || name == "unxz" ||
         name == "xzcat" || name == "unlzma" || name == "lzcat" || name == "unzstd" || name == "zstdcat";
}

bool reads_stdin(const std::string& program_text) {
  static const RE2 reads("(?i)stdin|<>|\\binput\\s*\\(");
  return RE2::PartialMatch(program_text, reads);
}
}  // namespace

bool takes_program_on_stdin(const std::vector<Word>& argv, const CommandSpec& spec, bool shell) {
  if (argv.empty()) return false;
  std::string name = command_basename(argv[0].text);
  Parsed p = parse_args(argv, &spec);
  if (shell) {
    if (opt_value(argv, p, "-c")) return false;
    for (size_t k = 1; k < argv.size(); ++k)
      if (argv[k].text.size() > 1 && argv[k].text[0] == '-' && argv[k].text[1] != '-' &&
          argv[k].text.find('c') != std::string::npos && k + 1 < argv.size())
        return false;
    // -s: commands from stdin, the operands are its positional parameters (curl ... | bash -s -- arg).
    for (size_t k = 1; k < argv.size(); ++k) {
      const std::string& o = argv[k].text;
      if (o == "--" || o.size() < 2 || o[0] != '-') break;
      if (o[1] != '-' && o.find('s') != std::string::npos) return true;
    }
  } else {
    bool python = spec.lang == "python";
    for (const char* o : {python ? "-c" : "-e", "-E", "-r"})
      if (auto code = opt_value(argv, p, o))
        // A one-line program that evaluates what it reads on stdin (`| python3 -c
        // "exec(sys.stdin.read())"`, `| ruby -e 'eval STDIN.read'`) runs its stdin as code.
        return evaluates_code(code->text) && reads_stdin(code->text);
    if (opt_value(argv, p, "-m")) return false;
    if (is_awk(name)) {
      if (auto file = opt_value(argv, p, "-f")) return file->text == "-" || file->text == "/dev/stdin";
      if (!p.operands.empty()) return false;
    }
  }
  if (p.operands.empty()) return true;
  const std::string& script = argv[p.operands[0]].text;
  return script == "-" || script == "/dev/stdin";
}

namespace {

// What printf's repeated format may build before the rest is left out.
constexpr size_t kMaxPrintedText = 256u << 10;

// Commands that print some of their input's lines, whole (grep, head, sort).
bool selects_lines(const std::string& name) {
  static const char* const kSelectors[] = {"head", "tail", "grep", "egrep", "fgrep", "sort", "uniq", "tac"};
  return std::find(std::begin(kSelectors), std::end(kSelectors), name) != std::end(kSelectors);
}

// The lines of known text `grep PATTERN` (or egrep, grep -E; -v inverted, -i
// caseless; no other option) prints: `grep -vE '^\s*(#|$)' reqs.txt` of a
// file this code wrote. nullopt for anything else, or a basic pattern whose
// meaning RE2 would change (BRE's \( \| and literal + ? { | ( ).
std::optional<std::string> grepped_lines(const std::string& text, const std::string& name, const std::vector<Word>& argv,
                                         const Parsed& p) {
  if (p.operands.empty() || is_partial(text)) return std::nullopt;
  bool invert = false, icase = false, extended = name == "egrep";
  for (const auto& f : p.flags) {
    if (f.size() < 2 || f[0] != '-' || f[1] == '-' || f.find_first_not_of("vEi", 1) != std::string::npos)
      return std::nullopt;
    invert = invert || f.find('v') != std::string::npos;
    icase = icase || f.find('i') != std::string::npos;
    extended = extended || f.find('E') != std::string::npos;
  }
  const std::string& pattern = argv[p.operands[0]].text;
  if (is_partial(pattern)) return std::nullopt;
  if (!extended && pattern.find_first_of("+?{|(") != std::string::npos) return std::nullopt;
  RE2::Options options;
  options.set_case_sensitive(!icase);
  options.set_log_errors(false);
  RE2 re(pattern, options);
  if (!re.ok()) return std::nullopt;
  std::string out;
  for (size_t b = 0; b < text.size();) {
    size_t e = std::min(text.find('\n', b), text.size());
    std::string_view line(text.data() + b, e - b);
    if (RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), re) != invert) out.append(line).push_back('\n');
    b = e + 1;
  }
  return out;
}

// Known text's lines as sort (-u unique, -r reversed), uniq (adjacent
// repeats once) or tac (last first) print them.
std::string reordered_lines(const std::string& text, const std::string& name, bool unique, bool reverse) {
  std::vector<std::string> lines;
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  if (name == "sort") {
    std::sort(lines.begin(), lines.end());
    if (unique) lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    if (reverse) std::reverse(lines.begin(), lines.end());
  } else if (name == "uniq") {
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  } else {
    std::reverse(lines.begin(), lines.end());
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The lines `head -n N`, `head -N`, `tail -n N` or `tail -n +K` print of
// text whose lines are known (an unknown part within a line is that line's);
// nullopt for any other count (head -n -K) or option.
std::optional<std::string> counted_lines(const std::string& text, const std::string& name,
                                         const std::vector<Word>& argv, const Parsed& p) {
  std::optional<Word> n = opt_value(argv, p, "-n");
  if (!n) n = opt_value(argv, p, "--lines");
  for (const auto& f : p.flags)
    if (!n && f.size() > 1 && f[0] == '-' && f.find_first_not_of("0123456789", 1) == std::string::npos)
      n = Word{f.substr(1), 0, -1};
  if (!n || p.flags.size() != 1) return std::nullopt;  // the count, nothing else
  std::string count = n->text;
  const bool from_line = name == "tail" && !count.empty() && count[0] == '+';
  if (from_line) count.erase(0, 1);
  if (count.empty() || count.size() > 6 || count.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const size_t k = std::stoul(count);
  std::vector<std::string_view> lines;
  for (size_t b = 0; b < text.size();) {
    size_t e = std::min(text.find('\n', b), text.size());
    lines.emplace_back(text.data() + b, e - b);
    b = e + 1;
  }
  size_t first = 0, last = lines.size();
  if (name == "head") last = std::min(k, lines.size());
  else if (from_line) first = std::min(k == 0 ? 0 : k - 1, lines.size());
  else first = lines.size() - std::min(k, lines.size());
  std::string out;
  for (size_t i = first; i < last; ++i) out.append(lines[i]).push_back('\n');
  return out;
}

// Each line's first field (awk's $1 at the default separator); an unknown
// part stays unknown, whatever it holds.
std::string first_fields(const std::string& text) {
  std::string out;
  size_t b = 0;
  while (b < text.size()) {
    size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size();
    std::string_view line(text.data() + b, e - b);
    size_t start = line.find_first_not_of(" \t");
    if (start != std::string_view::npos) {
      line.remove_prefix(start);
      out.append(line.substr(0, line.find_first_of(" \t")));
      out += '\n';
    }
    b = e + 1;
  }
  return out;
}

// Field `field` (1-based) of each line split at `delim` (cut -d: -f6); a
// line without the delimiter gives itself and one with fewer fields nothing,
// as cut does. Unknown parts stay so.
std::string cut_fields(const std::string& text, char delim, size_t field) {
  std::string out;
  for (size_t b = 0; b < text.size();) {
    size_t e = std::min(text.find('\n', b), text.size());
    std::string_view line(text.data() + b, e - b);
    size_t at = 0, n = 1;
    for (; n < field && at != std::string_view::npos; ++n) {
      at = line.find(delim, at);
      if (at != std::string_view::npos) ++at;
    }
    if (line.find(delim) == std::string_view::npos) out.append(line);
    else if (at != std::string_view::npos) out.append(line.substr(at, line.find(delim, at) - at));
    out += '\n';
    b = e + 1;
  }
  return out;
}

// The host of an scp/rsync operand on another machine: [user@]host:path,
// host::module (an rsync daemon), rsync://host/...; nullopt for a local path
// (/a:b, ./x:y, a Windows drive).
std::optional<std::string> remote_host(const std::string& w) {
  if (starts(w, "rsync://")) {
    std::string host = w.substr(8, w.find('/', 8) == std::string::npos ? std::string::npos : w.find('/', 8) - 8);
    return host.empty() ? std::nullopt : std::optional<std::string>(host);
  }
  size_t colon = w.find(':');
  if (colon == std::string::npos || colon == 0 || w.find('/') < colon) return std::nullopt;
  if (colon == 1 && std::isalpha(static_cast<unsigned char>(w[0]))) return std::nullopt;  // C:\x
  return w.substr(0, colon);
}

// chmod modes: octal, or symbolic (u+s, +x, a+w, o+w, 777).
int64_t parse_mode(const std::string& m) {
  if (m.empty()) return -1;
  bool octal = true;
  for (char c : m)
    if (c < '0' || c > '7') octal = false;
  if (octal) return static_cast<int64_t>(std::strtol(m.c_str(), nullptr, 8));
  int64_t bits = 0;
  size_t i = 0;
  while (i < m.size()) {
    std::string who;
    while (i < m.size() && std::strchr("ugoa", m[i])) who += m[i++];
    if (i >= m.size()) break;
    char op = m[i++];
    std::string perms;
    while (i < m.size() && m[i] != ',') perms += m[i++];
    if (i < m.size() && m[i] == ',') ++i;
    if (op != '+' && op != '=') continue;
    bool u = who.empty() || who.find_first_of("ua") != std::string::npos;
    bool g = who.empty() || who.find_first_of("ga") != std::string::npos;
    bool o = who.empty() || who.find_first_of("oa") != std::string::npos;
    for (char c : perms) {
      int64_t b = c == 'r' ? 4 : c == 'w' ? 2 : (c == 'x' || c == 'X') ? 1 : 0;
      if (u) bits |= b << 6;
      if (g) bits |= b << 3;
      if (o) bits |= b;
      if (c == 's') bits |= (u ? 04000 : 0) | (g ? 02000 : 0);
      if (c == 't') bits |= 01000;
    }
  }
  return bits;
}

// The shell lines an awk program runs: system("..."), "..." | getline and
// print ... | "...". A literal followed by more (system("systemctl restart "
// unit)) ends in an unknown part; a command held in a variable is not seen.
std::vector<std::string> awk_command_lines(const std::string& program) {
  static const RE2 call("(?:\\bsystem\\s*\\(\\s*\"((?:[^\"\\\\]|\\\\.)*)\"(\\s*\\))?|\"((?:[^\"\\\\]|\\\\.)*)\"(\\s*\\|\\s*getline)|\\|\\s*\"((?:[^\"\\\\]|\\\\.)*)\"(\\s*[;}\\n)])?)");
  std::vector<std::string> out;
  re2::StringPiece in(program);
  std::string sys, sys_end, piped, getline, to, to_end;
  while (out.size() < 16 && RE2::FindAndConsume(&in, call, &sys, &sys_end, &piped, &getline, &to, &to_end)) {
    std::string line;
    bool whole = false;
    if (!sys.empty()) line = sys, whole = !sys_end.empty();
    else if (!getline.empty()) line = piped, whole = true;
    else line = to, whole = !to_end.empty();
    if (line.empty()) continue;
    std::string unescaped;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\' && i + 1 < line.size()) ++i;
      unescaped += line[i];
    }
    if (!whole) unescaped += kUnknownPart;
    out.push_back(std::move(unescaped));
  }
  return out;
}

class Runner {
 public:
  Runner(Ctx& ctx, const Site& site) : ctx_(ctx), site_(site) {}

  CommandResult run(std::vector<Word> argv, const CommandIo& io, int depth);

 private:
  void effect(Eff kind, const std::string& tag, const std::string& target, const std::string& detail,
              uint32_t data_taint = 0, int32_t data_ev = -1, uint32_t flags = 0, int64_t mode = -1,
              uint32_t target_taint = 0, int32_t target_ev = -1) {
    Effect e;
    e.kind = kind;
    e.tag = tag;
    bool is_path = kind == Eff::file_read || kind == Eff::file_write || kind == Eff::file_delete ||
                   kind == Eff::file_chmod || kind == Eff::file_chown || kind == Eff::file_list;
    e.target = is_path ? ctx_.path(target) : target;
    if (is_path) e.path_classes = ctx_.classify(e.target);
    e.detail = printable(detail, 200);
    e.data_taint = data_taint;
    e.data_ev = data_ev;
    e.flags = flags;
    if (!is_partial(target) && !target.empty() && kind != Eff::code_exec && kind != Eff::exec) e.flags |= kConstTarget;
    e.mode = mode;
    e.target_taint = target_taint;
    e.target_ev = target_ev;
    if (kind == Eff::file_write && data_taint) {
      ctx_.record_write(e.target, data_taint, data_ev);
    }
    ctx_.effect(std::move(e), site_);
  }
  // A one-line program of another language with a network client sends
  // what it holds: data spliced into its text, the environment variables it
  // reads (`node -e "...end('$K')"`, `ruby -e '... ENV["TOKEN"] ...'`).
  void sent_by_one_liner(const Word& code, uint32_t flags) {
    const OneLinerNetwork net = one_liner_network(code.text);
    if (!net.sends) return;
    uint32_t data = code.taint;
    int32_t ev = code.ev;
    if (!net.env_names.empty())
      for (const auto& [var, value] : ctx_.take_child_env())
        if (std::find(net.env_names.begin(), net.env_names.end(), var) != net.env_names.end() && value.taint) {
          data |= value.taint;
          if (ev < 0) ev = value.ev;
        }
    // (a token or password may be going to the API it is for: where the text
    // does not say, only what else it holds counts)
    data &= ~kAuthSecrets;
    if (net.whole_env) {
      data |= kEnvAll;
      if (ev < 0) ev = ctx_.log.evidence(site_.line, site_.col, "sends the whole environment: " + printable(code.text, 80));
    }
    if (data) effect(Eff::net_request, "POST", net.target, code.text, data, ev, flags & ~kStdioSocket);
  }
  // An archive extracted from a download (or decoded data) puts that content
  // under its destination: the explicit one (tar -C, unzip -d), else the
  // directory named after the archive (tool.tar.gz -> tool/, the usual
  // layout), so only files under it count, not the code's own files beside it.
  void extracted_tree(const std::vector<Word>& argv, const Parsed& p, const std::string& name, const CommandIo& io) {
    bool unzip = name == "unzip";
    std::optional<Word> archive;
    if (unzip && !p.operands.empty()) archive = argv[p.operands[0]];
    if (!unzip) archive = opt_value(argv, p, "-f");
    if (!unzip && !archive) archive = opt_value(argv, p, "--file");
    if (!unzip && !archive) archive = cluster_value(argv, 'f');
    std::optional<Word> dest = unzip ? opt_value(argv, p, "-d") : opt_value(argv, p, "-C");
    if (!unzip && !dest) dest = opt_value(argv, p, "--directory");
    uint32_t t = io.stdin_taint;
    int32_t ev = io.stdin_ev;
    if (archive && archive->text != "-") std::tie(t, ev) = file_taint(*archive);
    t &= kDownloaded | kDecoded | kObfuscated;
    if (!t) return;
    std::string root;
    if (dest) root = dest->text;
    else if (archive && archive->text != "-") {
      std::string base = archive->text.substr(archive->text.rfind('/') + 1);
      for (const char* ext : {".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst", ".tgz", ".tbz2", ".txz", ".tar", ".zip"})
        if (base.size() > std::strlen(ext) && base.compare(base.size() - std::strlen(ext), std::string::npos, ext) == 0) {
          root = base.substr(0, base.size() - std::strlen(ext));
          break;
        }
    }
    if (root.empty()) return;
    ctx_.record_tree(ctx_.path(root), t, ev);
  }
  // What a command encrypts: the file `in` (read, so a walk's files count as
  // read), else its standard input; the taint and evidence of that data.
  std::pair<uint32_t, int32_t> encryption_input(const std::optional<Word>& in, const CommandIo& io,
                                                const std::string& command) {
    if (!in) return {io.stdin_taint, io.stdin_ev};
    auto [ft, fev] = file_taint(*in);
    effect(Eff::file_read, "encrypt", in->text, command, 0, -1, 0, -1, in->taint, in->ev);
    return {ft | in->taint, fev >= 0 ? fev : in->ev};
  }
  // Taint of the content of the file at `path`: its class, what was written
  // there, and for /dev/fd/N (a process substitution) what feeds it. The
  // path's own taint is not its content (only a walk's mark carries over).
  // jq [options] FILTER [FILE...]: its output is made of its input files,
  // its standard input (unless -n) and the values given with --arg and
  // --argjson (NAME VALUE), --slurpfile and --rawfile (NAME FILE), --args.
  CommandResult jq(const std::vector<Word>& argv, const CommandIo& io, const std::string& line) {
    CommandResult r;
    uint32_t t = 0;
    int32_t ev = -1;
    auto take = [&](uint32_t taint, int32_t e) {
      t |= taint;
      if (ev < 0 && taint) ev = e;
    };
    auto read_file = [&](const Word& w) {
      effect(Eff::file_read, "jq", w.text, "jq " + line, 0, -1, 0, -1, w.taint, w.ev);
      auto [ft, fev] = file_taint(w);
      take(ft, fev);
    };
    bool null_input = false, filter_seen = false, values = false, any_file = false;
    for (size_t k = 1; k < argv.size(); ++k) {
      const std::string& a = argv[k].text;
      if (values) {
        take(argv[k].taint, argv[k].ev);
        continue;
      }
      if ((a == "--arg" || a == "--argjson") && k + 2 < argv.size()) {
        take(argv[k + 2].taint, argv[k + 2].ev);
        k += 2;
      } else if ((a == "--slurpfile" || a == "--rawfile") && k + 2 < argv.size()) {
        read_file(argv[k + 2]);
        k += 2;
      } else if ((a == "-f" || a == "--from-file") && k + 1 < argv.size()) {
        filter_seen = true;
        read_file(argv[++k]);
      } else if ((a == "-L" || a == "--indent") && k + 1 < argv.size()) {
        ++k;
      } else if (a == "--args" || a == "--jsonargs") {
        values = true;  // every operand from here on is a value
      } else if (a.size() > 1 && a[0] == '-' && a[1] != '-') {
        if (a.find('n') != std::string::npos) null_input = true;
      } else if (a.size() > 1 && a[0] == '-') {
        if (a == "--null-input") null_input = true;
      } else if (!filter_seen) {
        filter_seen = true;
        auto [et, eev] = jq_environment(a);
        take(et, eev);
      } else {
        read_file(argv[k]);
        any_file = true;
        // An operand that reads as a filter is one: an array expanded at run
        // time before it (jq -n ${opts[@]} '{vars: env}') took the filter's place.
        if (a.find_first_of("{|:( ") != std::string::npos) {
          auto [et, eev] = jq_environment(a);
          take(et, eev);
        }
      }
    }
    if (!any_file && !null_input) take(io.stdin_taint, io.stdin_ev);
    r.stdout_taint = t;
    r.stdout_ev = ev;
    return r;
  }

  // The shape of a system table's lines (/proc/mounts) when `w` names one.
  const std::string* table_lines(const Word& w) const { return ctx_.lib.table_file_lines(ctx_.path(w.text)); }
  // cut -d: -f6 of lines it knows, or knows the shape of: that field of each
  // ("" when the fields asked for are not one plain number).
  std::string cut_output(const std::vector<Word>& argv, const Parsed& p, const std::string& text) const {
    auto d = opt_value(argv, p, "-d");
    auto f = opt_value(argv, p, "-f");
    const std::string fs = f ? f->text : std::string();
    if (!f || fs.empty() || fs.size() >= 4 || !std::all_of(fs.begin(), fs.end(), ::isdigit) || fs == "0") return "";
    return cut_fields(text, d && d->text.size() == 1 ? d->text[0] : '\t', std::stoul(fs));
  }
  // A file operand the command reads: that read, and what the file holds.
  std::pair<uint32_t, int32_t> read_operand(const Word& w, const std::string& name, const std::string& line) {
    effect(Eff::file_read, name, w.text, name + " " + line, 0, -1, 0, -1, w.taint, w.ev);
    return file_taint(w);
  }
  std::pair<uint32_t, int32_t> file_taint(const Word& w) {
    std::string norm = ctx_.path(w.text);
    uint32_t t = ctx_.read_taint(norm, ctx_.classify(norm)) | (w.taint & (kWalked | kSelf));
    int32_t ev = -1;
    if (w.text.rfind("/dev/fd/", 0) == 0) {
      t |= w.taint;
      ev = w.ev;
    }
    if (auto [wt, wev] = ctx_.written_held(norm); wt || wev >= 0) {
      t |= wt;
      ev = wev;
    }
    if ((t & ~(kFileData | kWalked)) && ev < 0)
      ev = ctx_.log.evidence(site_.line, site_.col, "reads " + printable(norm));
    return {t, ev};
  }
  // A script file this code wrote with constant text: running it runs that
  // text (a shell script with `args` as its arguments).
  // `stdin`: what a shell script reads (a list of files piped to its `while read`).
  void run_written_script(const Word& file, bool python, uint32_t taint, int32_t ev, std::vector<Word> args = {},
                          const CommandIo& stdin = CommandIo{}) {
    const std::string* text = ctx_.written_text_at(ctx_.path(file.text));
    if (!text) return;
    Word code{*text, taint, ev};
    if (python) interpret_python(code.text, ctx_, &site_, "in the script it wrote and runs", code.taint, code.ev, &args);
    else
      interpret_shell_script(code.text, ctx_, &site_, "in the script it wrote and runs", code.taint, code.ev,
                             std::move(args), stdin);
  }
  // `docker run [OPTS] IMAGE CMD...` and `docker exec [OPTS] CONTAINER CMD...`:
  // the command is judged as this code's own (a reverse shell or a miner in a
  // container is one). A bind (-v HOST:DIR) shows the host's HOST at DIR, so
  // DIR in the command's words is put back to HOST (/etc bound at /mnt/etc:
  // a write to /mnt/etc/crontab writes the host's /etc/crontab).
  void container_command(const std::vector<Word>& argv, const CommandIo& io, int depth) {
    static const char* const kValued[] = {
        "-v", "--volume", "-e", "--env", "-p", "--publish", "-w", "--workdir", "-u", "--user", "--name", "--network",
        "--net", "--entrypoint", "--mount", "-l", "--label", "--cpus", "-m", "--memory", "--env-file", "--add-host",
        "--cap-add", "--cap-drop", "--device", "--restart", "-h", "--hostname", "--platform", "--pull", "--log-driver",
        "--log-opt", "--security-opt", "--ulimit", "--tmpfs", "--runtime", "--pid", "--ipc", "--uts", "--userns",
        "--shm-size", "--stop-signal", "-a", "--attach", "--link", "--dns", "--gpus", "--cidfile", "-c",
        "--cpu-shares", "--cpuset-cpus", "--expose", "--group-add", "--label-file", "--volumes-from"};
    size_t i = 1;
    while (i < argv.size() && !argv[i].text.empty() && argv[i].text[0] == '-') ++i;  // docker's own options
    if (i >= argv.size() || (argv[i].text != "run" && argv[i].text != "exec" && argv[i].text != "create")) return;
    std::vector<std::pair<std::string, std::string>> binds;  // (directory in the container, host path)
    for (++i; i < argv.size(); ++i) {
      const std::string& w = argv[i].text;
      if (w.empty() || w[0] != '-') break;
      std::string opt = w.substr(0, w.find('='));
      bool valued = std::find(std::begin(kValued), std::end(kValued), opt) != std::end(kValued);
      std::string value = w.find('=') != std::string::npos ? w.substr(w.find('=') + 1)
                          : valued && i + 1 < argv.size() ? argv[++i].text : std::string();
      if (opt == "-v" || opt == "--volume") {
        size_t c1 = value.find(':');
        if (c1 != std::string::npos) {
          std::string dir = value.substr(c1 + 1);
          dir = dir.substr(0, dir.find(':'));
          if (dir.size() > 1 && dir[0] == '/') binds.emplace_back(dir, value.substr(0, c1));
        }
      }
    }
    if (i + 1 >= argv.size()) return;  // the image's own command
    std::vector<Word> rest(argv.begin() + static_cast<long>(i + 1), argv.end());
    for (auto& w : rest)
      for (const auto& [dir, host] : binds)
        for (size_t at = w.text.find(dir); at != std::string::npos;) {
          char before = at ? w.text[at - 1] : ' ';
          char after = at + dir.size() < w.text.size() ? w.text[at + dir.size()] : '/';
          bool inside_a_name = std::isalnum(static_cast<unsigned char>(before)) || before == '/' || before == '.' ||
                               before == '_' || std::isalnum(static_cast<unsigned char>(after)) || after == '.' ||
                               after == '_' || after == '-';
          if (inside_a_name) {
            at = w.text.find(dir, at + 1);
            continue;
          }
          w.text.replace(at, dir.size(), host);
          at = w.text.find(dir, at + host.size());
        }
    run(rest, io, depth + 1);
  }

  // The shell lines of AppleScript's `do shell script "…"` (escapes \" and
  // \\ undone); one followed by `with administrator privileges` is privileged.
  void applescript(const Word& script, const std::string& cmdline) {
    const std::string& t = script.text;
    std::string lower = t;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (size_t at = lower.find("do shell script"); at != std::string::npos;
         at = lower.find("do shell script", at + 1)) {
      size_t q = t.find_first_not_of(" \t", at + 15);
      if (q == std::string::npos || t[q] != '"') continue;
      Word inner{std::string(), script.taint, script.ev};
      size_t k = q + 1;
      for (; k < t.size() && t[k] != '"'; ++k) {
        if (t[k] == '\\' && k + 1 < t.size()) ++k;
        inner.text += t[k];
      }
      size_t eol = t.find('\n', k);
      std::string_view tail = std::string_view(lower).substr(k, eol == std::string::npos ? std::string::npos : eol - k);
      if (tail.find("administrator privileges") != std::string_view::npos)
        effect(Eff::priv, "sudo", "osascript", cmdline);
      if (!inner.text.empty()) nested_shell(inner);
    }
    // `make login item` (System Events): the login items the system starts at
    // every login, kept in the Background Task Management store
    if (lower.find("make login item") != std::string::npos || lower.find("make new login item") != std::string::npos)
      effect(Eff::file_write, "login_item",
             "~/Library/Application Support/com.apple.backgroundtaskmanagementagent/backgrounditems.btm", cmdline,
             script.taint, script.ev);
  }
  void nested_shell(const Word& code) { interpret_shell(code.text, ctx_, &site_, "in nested shell code", code.taint, code.ev); }
  // What a nested program printed, when it was constant text, is the
  // command's known output (STEPS="$(python3 - <<'PY' ... print(step) PY)").
  void take_printed_text(CommandResult& r) {
    if (ctx_.printed_text.empty()) return;
    r.stdout_text = std::move(ctx_.printed_text);
    r.stdout_known = !is_partial(r.stdout_text);
  }
  void nested_python(const Word& code, const std::vector<Word>* args = nullptr) {
    interpret_python(code.text, ctx_, &site_, "in Python code it runs", code.taint, code.ev, args);
  }
  void check_threats(const std::vector<Word>& argv) {
    std::string line = join_words(argv, 0);
    if (auto pool = ctx_.threats.pool_in(line)) effect(Eff::threat, "pool", *pool, line);
  }

  CommandResult shell(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec, int depth);
  CommandResult interpreter(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec, int depth);
  CommandResult http(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec);
  CommandResult netcat(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec);
  CommandResult windows(const std::vector<Word>& argv, const CommandIo& io, int depth);
  // What a jq filter reads of the environment: `env` and `$ENV` are all of
  // it, `env.NAME` and `$ENV.NAME` one variable (a secret if so named).
  std::pair<uint32_t, int32_t> jq_environment(const std::string& filter) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    uint32_t t = 0;
    int32_t ev = -1;
    // `env` is the builtin only as a word of its own (not the field .env, not $env, not a key)
    for (const char* word : {"env", "$ENV"}) {
      const size_t len = std::strlen(word);
      for (size_t at = filter.find(word); at != std::string::npos; at = filter.find(word, at + len)) {
        if (at > 0 && (ident(filter[at - 1]) || filter[at - 1] == '.' || filter[at - 1] == '$')) continue;
        size_t end = at + len;
        if (end < filter.size() && ident(filter[end])) continue;
        // an object's key ({env: {...}}) or a string ("env")
        size_t next = filter.find_first_not_of(" \t", end);
        if ((next != std::string::npos && filter[next] == ':') || (at > 0 && filter[at - 1] == '"')) continue;
        std::string name;
        if (end + 1 < filter.size() && filter[end] == '.')
          for (size_t i = end + 1; i < filter.size() && ident(filter[i]); ++i) name += filter[i];
        if (name.empty()) {
          t |= kEnvAll | kEnv;
          if (ev < 0) ev = ctx_.log.evidence(site_.line, site_.col, "reads the whole environment (jq " + std::string(word) + ")");
        } else if (ctx_.lib.secret_env_name(name)) {
          t |= kEnvSecret | kEnv;
          if (ev < 0) ev = ctx_.log.evidence(site_.line, site_.col, "reads the secret environment variable " + name);
        } else {
          t |= kEnv;
        }
      }
    }
    return {t, ev};
  }
  // `env` or `printenv` alone: the whole environment on stdout.
  CommandResult environment_dump() {
    CommandResult r;
    r.stdout_taint = kEnvAll | kEnv;
    r.stdout_ev = ctx_.log.evidence(site_.line, site_.col, "prints the whole environment");
    return r;
  }
  void windows_effects(const std::string& text, uint32_t taint, int32_t ev);

  Ctx& ctx_;
  Site site_;
};

// Security daemons' units, matched by name (a unit of one's own named
// after them, `iptables-openvpn`, `redis-sentinel`, is not one).
const char* const kSecurityUnits[] = {"firewalld", "ufw", "apparmor", "auditd", "selinux", "iptables", "ip6tables",
                                      "nftables", "fail2ban", "clamav", "clamd", "falcon", "osquery",
                                      "wazuh", "ossec", "sysmon", "aide", "rkhunter", "crowdstrike",
                                      "sentinelone", "sentinelagent", "netfilter", "rsyslog", "syslog",
                                      "syslog-ng", "journald", "systemd-journald", "audit", "auditbeat",
                                      "suricata", "snort", "zeek", "mdatp", "elastic", "tripwire", "sophos",
                                      "cylance", "qualys-cloud", "tanium", "carbonblack", "cbagent"};
const char* const kSecurityUnitSuffixes[] = {"", "d", "-daemon", "-agent", "-sensor", "-manager", "-hids",
                                             "-freshclam", "-persistent", "-server"};

// Backslash escapes as echo -e, printf's %b and tr read them: \n, \t, \r, \\,
// \xHH and octal \NNN (\0NNN too); any other backslash stays as written.
std::string decode_backslash_escapes(const std::string& out) {
  std::string d;
  for (size_t k = 0; k < out.size(); ++k) {
    if (out[k] == '\\' && k + 1 < out.size()) {
      char c = out[k + 1];
      if (c == 'n') d += '\n', ++k;
      else if (c == 't') d += '\t', ++k;
      else if (c == 'r') d += '\r', ++k;
      else if (c == 'x' && k + 3 < out.size() + 1) {
        std::string hx = out.substr(k + 2, 2);
        char* end = nullptr;
        long v = std::strtol(hx.c_str(), &end, 16);
        if (end && end != hx.c_str()) {
          d += static_cast<char>(v);
          k += 1 + static_cast<size_t>(end - hx.c_str());
        } else {
          d += out[k];
        }
      } else if (c >= '0' && c <= '7') {
        size_t j = k + 1;
        int v = 0, n = 0;
        if (out[j] == '0') ++j;
        while (j < out.size() && n < 3 && out[j] >= '0' && out[j] <= '7') v = v * 8 + (out[j++] - '0'), ++n;
        d += static_cast<char>(v);
        k = j - 1;
      } else if (c == '\\') d += '\\', ++k;
      else d += out[k];
    } else {
      d += out[k];
    }
  }
  return d;
}

// A set of tr's as the bytes it stands for, in order: escapes (\n, \012),
// classes ([:upper:]) and ranges (a-z) spelled out.
std::string tr_set(const std::string& written) {
  static const std::pair<const char*, int (*)(int)> kClasses[] = {
      {"[:lower:]", ::islower}, {"[:upper:]", ::isupper}, {"[:digit:]", ::isdigit}, {"[:alpha:]", ::isalpha},
      {"[:alnum:]", ::isalnum}, {"[:space:]", ::isspace}, {"[:blank:]", ::isblank}, {"[:punct:]", ::ispunct}};
  const std::string set = decode_backslash_escapes(written);
  std::string out;
  for (size_t i = 0; i < set.size(); ++i) {
    bool is_class = false;
    for (const auto& [name, test] : kClasses) {
      if (set.compare(i, std::strlen(name), name) != 0) continue;
      for (int c = 0; c < 128; ++c)
        if (test(c)) out += static_cast<char>(c);
      i += std::strlen(name) - 1;
      is_class = true;
      break;
    }
    if (is_class) continue;
    if (i + 2 < set.size() && set[i + 1] == '-') {
      for (int c = static_cast<unsigned char>(set[i]); c <= static_cast<unsigned char>(set[i + 2]); ++c)
        out += static_cast<char>(c);
      i += 2;
    } else {
      out += set[i];
    }
  }
  return out;
}

bool is_security_unit(const std::string& u) {
  std::string base = u;  // unit names are lower case; a capitalised one names the same daemon
  std::transform(base.begin(), base.end(), base.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const char* suffix : {".service", ".socket", ".timer"})
    if (base.size() > std::strlen(suffix) && base.compare(base.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
      base.resize(base.size() - std::strlen(suffix));
  if (size_t at = base.find('@'); at != std::string::npos) base.resize(at);
  for (const char* s : kSecurityUnits)
    for (const char* suffix : kSecurityUnitSuffixes)
      if (base == std::string(s) + suffix) return true;
  return false;
}

// iptables -F/-X (flush, delete chains): every chain, or a firewall's own
// (INPUT, FORWARD..., ufw's, firewalld's: config firewall_chains), takes the
// firewall's rules down; a chain the code names itself (-F MAIL-IN before
// -X MAIL-IN) is its own rules removed. An unknown name may be either, and
// counts as the firewall's.
bool flushes_firewall_chains(const std::vector<Word>& argv, const LibraryModel& lib) {
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i].text;
    bool flush = a == "-F" || a == "--flush" || a == "-X" || a == "--delete-chain";
    // a cluster ending in F or X (-tF is rare; -nF ...)
    if (!flush && a.size() > 2 && a[0] == '-' && a[1] != '-' && (a.back() == 'F' || a.back() == 'X')) flush = true;
    if (!flush) continue;
    if (i + 1 >= argv.size() || argv[i + 1].text.empty() || argv[i + 1].text[0] == '-') return true;
    const std::string& chain = argv[i + 1].text;
    if (is_partial(chain) || lib.firewall_chain(chain)) return true;
  }
  return false;
}

// `which nc` (`command -v nc`) prints a path to the command (/usr/bin/nc):
// run by that path it is the program, never a shell function of the same name.
void print_command_path(CommandResult& r, const Word* w) {
  if (!w) return;
  r.stdout_text = w->text.find('/') == std::string::npos ? "/usr/bin/" + w->text : w->text;
  r.stdout_known = !is_partial(w->text);
  r.stdout_taint = w->taint;
}

CommandResult Runner::run(std::vector<Word> argv, const CommandIo& io, int depth) {
  CommandResult r;
  if (argv.empty() || depth > 12) return r;
  // Environment assignments before the command (FOO=bar cmd).
  while (!argv.empty() && argv[0].text.find('=') != std::string::npos && argv[0].text[0] != '=' &&
         argv[0].text[0] != '-' && argv[0].text.find('/') > argv[0].text.find('='))
    argv.erase(argv.begin());
  if (argv.empty()) return r;
  std::string name = command_basename(argv[0].text);
  check_threats(argv);
  const CommandSpec* spec = ctx_.lib.command(name);
  if (!spec) {
    // python3.11 -> python3 -> python; mkfs.ext4 -> mkfs
    std::string n = name;
    while (!spec && !n.empty() && (std::isdigit(static_cast<unsigned char>(n.back())) || n.back() == '.'))
      n.pop_back(), spec = ctx_.lib.command(n);
    if (!spec && name.find('.') != std::string::npos) spec = ctx_.lib.command(name.substr(0, name.find('.')));
    // Windows names are case-insensitive (RUNDLL32.EXE, PowerShell.exe).
    if (!spec && std::any_of(name.begin(), name.end(), [](unsigned char c) { return std::isupper(c); })) {
      std::vector<Word> lower = argv;
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      lower[0].text = name;
      if (ctx_.lib.command(name) || ctx_.lib.command(name.substr(0, name.find('.')))) return run(lower, io, depth + 1);
    }
  }
  // Running a file written with tainted data (downloaded, decoded) runs that data.
  {
    std::string norm = ctx_.path(argv[0].text);
    const auto* it = ctx_.written_at(norm);
    // A name without a slash is looked up on PATH, not in the directory: only
    // a file this code wrote under that very name counts, not a tree it extracted.
    if (it && argv[0].text.find('/') == std::string::npos && !ctx_.written.count(norm)) it = nullptr;
    uint32_t t = argv[0].text.rfind("/dev/fd/", 0) == 0 ? argv[0].taint : 0;
    int32_t ev = argv[0].ev;
    if (it) {
      t |= it->first;
      ev = it->second;
    }
    if (t & (kDownloaded | kDecoded | kObfuscated)) {
      effect(Eff::exec, "written_file", name, join_words(argv, 0), t, ev);
    }
    // A script this code wrote, run by its name: its #! line says the language.
    if (const std::string* text = ctx_.written_text_at(norm)) {
      bool py = text->rfind("#!", 0) == 0 && text->substr(0, text->find('\n')).find("python") != std::string::npos;
      run_written_script(argv[0], py, t, ev, std::vector<Word>(argv.begin() + 1, argv.end()));
    }
    // An interpreter chosen at run time (py="$(find_python)"; "$py" agent.py)
    // given a script this code wrote: that script runs, in the language its
    // name or #! line says.
    if (argv[0].text == std::string(1, kUnknownPart) && argv.size() > 1) {
      const std::string script = ctx_.path(argv[1].text);
      if (const std::string* text = ctx_.written_text_at(script)) {
        const std::string first_line = text->rfind("#!", 0) == 0 ? text->substr(0, text->find('\n')) : "";
        auto ends_with = [&](const char* suffix) {
          size_t n = std::strlen(suffix);
          return script.size() > n && script.compare(script.size() - n, n, suffix) == 0;
        };
        bool py = ends_with(".py") || first_line.find("python") != std::string::npos;
        bool sh = ends_with(".sh") || ends_with(".bash") || first_line.find("sh") != std::string::npos;
        const auto* w = ctx_.written_at(script);
        if (py || sh) run_written_script(argv[1], py, w ? w->first : 0, w ? w->second : -1);
      }
    }
    // A command whose very name is data from the network or decoded: the
    // data is the command.
    if (argv[0].text == std::string(1, kUnknownPart) && (argv[0].taint & (kDownloaded | kDecoded | kObfuscated | kWebRequest)))
      effect(Eff::exec, "dynamic_command", name, join_words(argv, 0), argv[0].taint, argv[0].ev);
  }
  if (!spec) {
    // A program we do not model given a credential store's content (on its
    // standard input or as an argument): where it goes from there is not known.
    uint32_t handed = io.stdin_taint;
    for (size_t i = 1; i < argv.size(); ++i) handed |= argv[i].taint;
    if (handed & kSecretFile) ctx_.secret_handed_on(name, site_);
    return r;
  }
  std::string line = join_words(argv, 1);
  const std::string& kind = spec->kind;
  if (spec->when_args && !RE2::PartialMatch(line, spec->when_args->re()) && kind == "generic") return r;
  Parsed p = parse_args(argv, spec);
  auto operand = [&](size_t k) -> const Word* { return k < p.operands.size() ? &argv[p.operands[k]] : nullptr; };

  if (kind == "prints") {
    // Output of a known shape (device paths): a word made of it is a path of
    // that shape, so `dd of=$(findmnt -no SOURCE --target ~)` writes a disk.
    if (!spec->when_args || RE2::PartialMatch(line, spec->when_args->re())) r.stdout_text = spec->prints;
    r.stdout_taint = io.stdin_taint;
    return r;
  }
  if (kind == "capture") {
    // Clipboard readers, screenshot tools, secret dumps: their output holds
    // what they captured (stdout, or the file named last for a screenshot).
    if (spec->when_args && !RE2::PartialMatch(line, spec->when_args->re())) {
      if (spec->has_else_effect) {
        const Word* t = operand(0);
        effect(spec->else_effect, spec->else_tag, t ? t->text : name, name + " " + line, 0, -1, 0, -1, t ? t->taint : 0,
               t ? t->ev : -1);
      }
      return r;
    }
    // a stored credential a client prints is named after that client, so where it
    // goes is judged as an environment key's (gcloud's token to Google is its own)
    int32_t ev = ctx_.log.evidence(site_.line, site_.col,
                                   spec->tag == "credentials" ? kCredentialPrintedBy + name
                                                              : "captures " + describe_taint(spec->taint) + " (" + name + ")");
    effect(Eff::capture, spec->tag, name, name + " " + line, spec->taint, ev);
    const Word* out = p.operands.empty() ? nullptr : &argv[p.operands.back()];
    if (spec->tag == "screen" && out) effect(Eff::file_write, "capture", out->text, name + " " + line, spec->taint, ev);
    r.stdout_taint = spec->taint;
    r.stdout_ev = ev;
    return r;
  }
  if (kind == "generic") {
    if (name == "printenv" && p.operands.empty()) return environment_dump();
    if (spec->has_effect) {
      const Word* t = operand(0);
      effect(spec->effect, spec->tag, t ? t->text : name, name + " " + line, 0, -1, 0, -1, t ? t->taint : 0,
             t ? t->ev : -1);
    }
    r.stdout_taint = io.stdin_taint;
    return r;
  }
  if (kind == "wrapper" || kind == "xargs") {
    // `command -v NAME` (-V) looks NAME up and runs nothing: it prints the
    // path, as `which` does.
    if (name == "command" && (p.short_flag('v') || p.short_flag('V'))) {
      print_command_path(r, operand(0));
      return r;
    }
    if (spec->has_effect) effect(spec->effect, spec->tag, name, name + " " + line);
    // The wrapped command starts at the first operand (env: after VAR=value words).
    size_t start = p.operands.empty() ? argv.size() : p.operands[0];
    if (name == "timeout" && start < argv.size()) ++start;  // its duration
    if (name == "chroot" && start < argv.size()) ++start;   // the new root: the command follows it
    if (name == "watch" || name == "nice" || name == "ionice" || name == "chrt" || name == "taskset") {
      while (start < argv.size() && !argv[start].text.empty() &&
             (std::isdigit(static_cast<unsigned char>(argv[start].text[0])) || argv[start].text[0] == '-'))
        ++start;
    }
    std::vector<Word> rest(argv.begin() + static_cast<long>(std::min(start, argv.size())), argv.end());
    if (name == "env" && rest.empty()) return environment_dump();
    if (kind == "xargs") {
      // Its arguments are stdin's lines: known ones each, or lines of a shape
      // (find ~ -mindepth 1 -print0: ~/<name> each), any one of which stands
      // for them; with -a FILE (--arg-file) that file's instead.
      CommandIo input = io;
      std::optional<Word> arg_file = opt_value(argv, p, "-a");
      if (!arg_file) arg_file = opt_value(argv, p, "--arg-file");
      if (arg_file) {
        std::tie(input.stdin_taint, input.stdin_ev) = read_operand(*arg_file, name, line);
        const std::string* text = ctx_.written_text_at(ctx_.path(arg_file->text));
        input.stdin_text = text ? *text : std::string();
        input.stdin_known = text && !is_partial(*text);
      }
      std::vector<Word> lines;
      if (input.stdin_known || is_partial(input.stdin_text))
        for (size_t b = 0; b < input.stdin_text.size() && lines.size() < 64;) {
          size_t e = std::min(input.stdin_text.find_first_of(std::string("\n\0", 2), b), input.stdin_text.size());
          if (e > b) lines.push_back(Word{input.stdin_text.substr(b, e - b), input.stdin_taint, input.stdin_ev});
          b = e + 1;
          if (!input.stdin_known) break;
        }
      if (lines.empty()) lines.push_back(Word{std::string(1, kUnknownPart), input.stdin_taint, input.stdin_ev});
      const Word& w = lines.front();
      if (rest.empty()) rest.push_back(Word{"echo", 0, -1});
      // -I REPL (-i, --replace): each input line replaces REPL in the command's words.
      std::optional<Word> repl = opt_value(argv, p, "-I");
      if (!repl) repl = opt_value(argv, p, "--replace");
      if (!repl && (p.has("-i") || p.has("--replace"))) repl = Word{"{}", 0, -1};
      bool replaced = false;
      if (repl && !repl->text.empty())
        for (auto& word : rest)
          for (size_t at = word.text.find(repl->text); at != std::string::npos;
               at = word.text.find(repl->text, at + w.text.size())) {
            word.text.replace(at, repl->text.size(), w.text);
            word.taint |= w.taint;
            if (word.ev < 0) word.ev = w.ev;
            replaced = true;
          }
      if (!replaced) rest.insert(rest.end(), lines.begin(), lines.end());
    }
    if (rest.empty()) {
      if (spec->has_effect && spec->effect == Eff::priv) r.interactive_shell = true;
      return r;
    }
    return run(rest, io, depth + 1);
  }
  if (kind == "mktemp") {
    // A name of its own for each place that asks, so that what is written to
    // "$f" and later run as "$f" is the same file (f=$(mktemp); curl -o "$f"; bash "$f").
    std::string unique = std::to_string(site_.line) + "_" + std::to_string(site_.col);
    std::string dir = "/tmp";
    if (auto d = opt_value(argv, p, "-p")) dir = d->text;
    else if (auto t = opt_value(argv, p, "--tmpdir")) dir = t->text;
    std::string file = "tmp.mai" + unique;
    if (const Word* tmpl = operand(0)) {
      std::string t = tmpl->text;
      size_t xs = t.find_last_not_of('X');
      t = (xs == std::string::npos ? "" : t.substr(0, xs + 1)) + "mai" + unique;
      // A template with a slash is a path of its own (mktemp /var/tmp/x.XXXX), unless -t/-p asks for a directory.
      if (t.find('/') != std::string::npos && !p.has("-t") && !p.value("-p")) dir.clear();
      file = t;
    }
    r.stdout_text = dir.empty() ? file : dir + "/" + file;
    r.stdout_known = !is_partial(r.stdout_text);
    r.stdout_taint = kUnpredictable;  // nobody can guess it: not a fixed /tmp name
    // (a template with unknown parts, "$dest.sponge-XXXX", makes a name as unguessable)
    ctx_.note_unpredictable_path(r.stdout_text);
    return r;
  }
  if (kind == "osascript") {
    // AppleScript: `do shell script "…"` hands its text to sh, and `with
    // administrator privileges` asks for an administrator's password first
    // (sudo's equivalent). Scripts come from -e or from standard input.
    for (size_t i = 1; i < argv.size(); ++i)
      if (argv[i].text == "-e" && i + 1 < argv.size()) applescript(argv[++i], name + " " + line);
    if (io.stdin_known) applescript(Word{io.stdin_text, io.stdin_taint, io.stdin_ev}, name + " " + line);
    return r;
  }
  if (kind == "su") {
    effect(Eff::priv, "su", name, name + " " + line);
    if (auto c = opt_value(argv, p, "-c")) nested_shell(*c);
    else if (auto c2 = opt_value(argv, p, "--command")) nested_shell(*c2);
    return r;
  }
  if (kind == "shell") return shell(argv, io, *spec, depth);
  if (kind == "interpreter") return interpreter(argv, io, *spec, depth);
  if (kind == "windows") return windows(argv, io, depth);
  if (kind == "http") return http(argv, io, *spec);
  if (kind == "netcat") return netcat(argv, io, *spec);
  if (kind == "files" || kind == "shred" || kind == "truncate") {
    uint32_t flags = 0;
    if (p.short_flag('r') || p.short_flag('R') || p.has("--recursive")) flags |= kRecursiveDelete;
    bool any = false;
    for (size_t k = 0; k < p.operands.size(); ++k) {
      const Word& w = argv[p.operands[k]];
      if (kind == "truncate" && p.value("-s") == nullptr && k == 0 && w.text == "0") continue;
      if (name == "mkdir" && !is_partial(w.text) && ctx_.made_dirs.size() < Ctx::kMaxMadeDirs)
        ctx_.made_dirs.insert(ctx_.path(w.text));
      // a recursive removal of a directory of the user's (rm -rf ~/Documents) removes every file under it
      uint32_t tree = (flags & kRecursiveDelete) && spec->effect == Eff::file_delete ? ctx_.home_tree_taint(ctx_.path(w.text)) : 0;
      effect(spec->effect, spec->tag, w.text, name + " " + line, 0, -1, flags, -1, w.taint | tree, w.ev);
      any = true;
    }
    if (!any && spec->effect == Eff::file_write && name == "truncate") {}
    return r;
  }
  if (kind == "chmod") {
    const Word* m = operand(0);
    if (!m) return r;
    int64_t mode = parse_mode(m->text);
    uint32_t flags = (p.short_flag('R') || p.has("--recursive")) ? static_cast<uint32_t>(kRecursiveDelete) : 0u;
    for (size_t k = 1; k < p.operands.size(); ++k) {
      const Word& w = argv[p.operands[k]];
      const auto* it = ctx_.written_at(ctx_.path(w.text));
      uint32_t t = it ? it->first : 0;
      int32_t ev = it ? it->second : -1;
      effect(Eff::file_chmod, "chmod", w.text, name + " " + line, t, ev, flags, mode, w.taint, w.ev);
    }
    return r;
  }
  if (kind == "chattr" || kind == "mount" || kind == "sysctl" || kind == "useradd" || kind == "passwd" ||
      kind == "ip") {
    if (kind == "sysctl" && line.find('=') == std::string::npos && !p.short_flag('w') && !p.short_flag('p'))
      return r;
    // mount with nothing to mount lists the mounts.
    if (kind == "mount" && p.operands.empty() && !p.short_flag('a')) return r;
    // `visudo -c -f FILE` checks the syntax of a file of the code's own: it
    // neither edits sudoers nor reads them (plain `visudo -c` reads
    // /etc/sudoers, which only root can).
    if (name == "visudo" && (p.short_flag('c') || p.has("--check"))) {
      std::optional<Word> file = opt_value(argv, p, "-f");
      if (!file) file = opt_value(argv, p, "--file");
      if (file && !file->text.empty() && ctx_.path(file->text).rfind("/etc/", 0) != 0) return r;
    }
    // `ifconfig IFACE` (or -a) shows an interface; any further word (down, up,
    // an address, hw ether, mtu) configures it.
    // `ip`: a changing verb as a word of its own (`ip -j addr` lists addresses).
    static const RE2 ip_change("(^|\\s)(add|del|delete|set|flush|change|replace|append)(\\s|$)");
    bool configures = name == "ifconfig" ? p.operands.size() > 1 : RE2::PartialMatch(line, ip_change);
    if (kind == "ip" && !configures) return r;
    if (kind == "chattr") {
      for (size_t k = 1; k < p.operands.size(); ++k)
        effect(Eff::admin, "chattr", argv[p.operands[k]].text, name + " " + line);
      return r;
    }
    effect(spec->has_effect ? spec->effect : Eff::admin, spec->tag, operand(0) ? operand(0)->text : name,
           name + " " + line);
    return r;
  }
  if (kind == "copy" || kind == "ln" || kind == "archive") {
    if (kind == "archive") {
      // tar -czf OUT SOURCES / zip OUT SOURCES: the archive holds the sources.
      // tar's old style: "tar czf OUT SOURCES" (flags without a dash).
      if (name == "tar" && argv.size() > 2 && !argv[1].text.empty() && argv[1].text[0] != '-' &&
          argv[1].text.find_first_not_of("cxtzjJvfpPhrAu") == std::string::npos) {
        std::vector<Word> fixed = argv;
        fixed[1].text = "-" + fixed[1].text;
        return run(fixed, io, depth + 1);
      }
      // -r/-u append to an archive as -c creates one: it holds the sources too.
      bool create = p.short_flag('c') || (name == "tar" && (p.short_flag('r') || p.short_flag('u') ||
                                                             p.has("--append") || p.has("--update"))) ||
                    name == "zip" || name == "7z" || name == "rar";
      if (!create) {
        bool extract = p.short_flag('x') || name == "unzip";
        if (extract) {
          if (auto dir = opt_value(argv, p, "-C"))
            effect(Eff::file_write, "extract", dir->text + "/" + kUnknownPart, name + " " + line, 0, -1, 0, -1,
                   dir->taint, dir->ev);
          extracted_tree(argv, p, name, io);
        }
        return r;
      }
      std::optional<Word> out = opt_value(argv, p, "-f");
      if (!out) out = opt_value(argv, p, "--file");
      if (!out && name == "tar") out = cluster_value(argv, 'f');
      size_t first_src = 0;
      if (!out && !p.operands.empty()) out = argv[p.operands[0]], first_src = 1;
      uint32_t t = 0;
      int32_t ev = -1;
      // tar -C DIR: the sources are relative to DIR.
      std::optional<Word> dir = opt_value(argv, p, "-C");
      if (!dir) dir = opt_value(argv, p, "--directory");
      auto add_source = [&](Word src) {
        if (dir && !src.text.empty() && src.text[0] != '/' && src.text[0] != '~') src.text = dir->text + "/" + src.text;
        auto [ft, fev] = file_taint(src);
        effect(Eff::file_read, "archive", src.text, name + " " + line);
        t |= ft | ctx_.home_tree_taint(ctx_.path(src.text));
        if (ev < 0) ev = fev;
      };
      for (size_t k = first_src; k < p.operands.size(); ++k) add_source(argv[p.operands[k]]);
      // tar -T LIST: the members are LIST's lines, when this code wrote them.
      std::optional<Word> list = name == "tar" ? opt_value(argv, p, "-T") : std::nullopt;
      if (!list && name == "tar") list = opt_value(argv, p, "--files-from");
      // (-T -: the lines piped in: printf '%s\n' "$list" | tar -czf - -T -)
      const bool listed_on_stdin = list && (list->text == "-" || list->text == "/dev/stdin");
      const std::string* members_text = !list ? nullptr
                                        : listed_on_stdin ? (io.stdin_text.empty() ? nullptr : &io.stdin_text)
                                                          : ctx_.written_text_at(ctx_.path(list->text));
      if (members_text) {
        const uint32_t mt = listed_on_stdin ? io.stdin_taint : list->taint;
        const int32_t mev = listed_on_stdin ? io.stdin_ev : list->ev;
        size_t members = 0;
        for (size_t b = 0; b < members_text->size() && members < 256;) {
          size_t e = std::min(members_text->find('\n', b), members_text->size());
          if (e > b) add_source(Word{members_text->substr(b, e - b), mt, mev}), ++members;
          b = e + 1;
        }
      }
      // a password (zip -P/-e, 7z and rar -pSECRET) encrypts what the archive holds
      bool password = opt_value(argv, p, "-P") || opt_value(argv, p, "--password") || (name == "zip" && p.short_flag('e'));
      for (size_t k = 1; k < argv.size() && !password && name != "zip" && name != "tar"; ++k)
        password = argv[k].text.rfind("-p", 0) == 0 || argv[k].text.rfind("-hp", 0) == 0;
      if (password) t |= kEncrypted;
      if (out && out->text != "-") effect(Eff::file_write, "archive", out->text, name + " " + line, t, ev);
      else r.stdout_taint = t, r.stdout_ev = ev;
      return r;
    }
    // rsync --rsync-path CMD: the program the remote side runs (`sudo rsync`
    // is a remote sudo), judged as this code's own, like `ssh HOST CMD`.
    if (name == "rsync")
      if (auto remote = opt_value(argv, p, "--rsync-path")) nested_shell(*remote);
    // cp -t DIR SOURCES...: every operand is a source.
    bool local_copy = name == "cp" || name == "mv" || name == "install";
    std::optional<Word> target_dir = local_copy ? opt_value(argv, p, "-t") : std::nullopt;
    if (!target_dir && local_copy) target_dir = opt_value(argv, p, "--target-directory");
    if (p.operands.size() < (target_dir ? 1u : 2u)) return r;
    const Word& dst = target_dir ? *target_dir : argv[p.operands.back()];
    size_t sources = target_dir ? p.operands.size() : p.operands.size() - 1;
    bool networked = name == "scp" || name == "rsync";
    std::optional<std::string> remote = networked ? remote_host(dst.text) : std::nullopt;
    // Into a directory (DIR/, several sources, -t DIR, a directory the code
    // made or a well-known one): each source lands at DIR/its name
    // (cp x.service /etc/systemd/system writes a unit).
    bool into_dir = kind == "copy" && !remote && (target_dir || sources > 1 || ctx_.is_directory(dst.text));
    uint32_t t = 0;
    int32_t ev = -1;
    std::vector<std::pair<Word, Word>> landed;  // (source, where it lands) when into_dir
    for (size_t k = 0; k < sources; ++k) {
      const Word& src = argv[p.operands[k]];
      if (kind == "ln") continue;
      if (networked && remote_host(src.text)) continue;  // fetched from another host
      auto [ft, fev] = file_taint(src);
      effect(Eff::file_read, "copy", src.text, name + " " + line);
      t |= ft;
      if (ev < 0) ev = fev;
      if (into_dir) landed.push_back({Word{src.text, ft, fev}, Word{Ctx::into_directory(dst.text, src.text), dst.taint, dst.ev}});
    }
    if (remote) {
      effect(Eff::net_send, "scp", *remote, name + " " + line, t, ev);
      return r;
    }
    std::string detail = name + " " + line;
    if (kind == "ln") detail = "link to " + argv[p.operands[0]].text;
    // One file whose text this code wrote: the copy holds that text (a unit
    // drop-in installed from a temporary file is judged by what it says).
    if (kind == "copy" && sources == 1 && !into_dir)
      if (const std::string* text = ctx_.written_text_at(ctx_.path(argv[p.operands[0]].text))) {
        detail = *text;
        ctx_.record_text(ctx_.path(dst.text), *text, false);
      }
    if (into_dir && !landed.empty())
      for (const auto& [src, at] : landed)
        effect(Eff::file_write, "copy", at.text, detail, src.taint, src.ev, 0, -1, at.taint, at.ev);
    else
      effect(Eff::file_write, kind == "ln" ? "link" : "copy", dst.text, detail, t, ev, 0, -1, dst.taint, dst.ev);
    // rsync --delete removes what the source lacks from the destination: from
    // an empty or unknown source, everything under it (a home wiped so).
    if (name == "rsync" && (p.has("--delete") || p.has("--delete-before") || p.has("--delete-during") ||
                            p.has("--delete-after") || p.has("--delete-delay") || p.has("--delete-excluded")))
      effect(Eff::file_delete, "rsync_delete", dst.text, detail, 0, -1, kRecursiveDelete, -1, dst.taint, dst.ev);
    if (name == "mv")
      for (size_t k = 0; k < sources; ++k)
        effect(Eff::file_delete, "move", argv[p.operands[k]].text, name + " " + line, 0, -1, 0, -1,
               argv[p.operands[k]].taint, argv[p.operands[k]].ev);
    return r;
  }
  if (name == "jq") return jq(argv, io, line);
  if (kind == "read") {
    uint32_t t = 0;
    int32_t ev = -1;
    bool any = false;
    bool in_place = (name == "sed" && (p.short_flag('i') || p.has("--in-place")));
    size_t first = (name == "grep" || name == "egrep" || name == "fgrep" || name == "awk" || name == "sed") ? 1 : 0;
    // sed -e SCRIPT / -f FILE: every operand is an input, none the script
    if (name == "sed" && (opt_value(argv, p, "-e") || opt_value(argv, p, "--expression") ||
                          opt_value(argv, p, "-f") || opt_value(argv, p, "--file")))
      first = 0;
    for (size_t k = first; k < p.operands.size(); ++k) {
      const Word& w = argv[p.operands[k]];
      auto [ft, fev] = file_taint(w);
      effect(in_place ? Eff::file_write : Eff::file_read, name, w.text, name + " " + line, 0, -1, 0, -1, w.taint, w.ev);
      t |= ft;
      if (ev < 0) ev = fev;
      any = true;
    }
    // One system table read (/proc/mounts): its lines' shape is the input's.
    const std::string* table = p.operands.size() == first + 1 && !in_place ? table_lines(argv[p.operands[first]]) : nullptr;
    if (table) {
      if (name == "cat" || selects_lines(name)) r.stdout_text = *table;
      else if (name == "cut") r.stdout_text = cut_output(argv, p, *table);
    }
    // `cat FILE` of a file this code wrote whole: its text (REQS="$(cat "$REQ_FILE")"),
    // and `grep PATTERN FILE` its lines that match.
    if (!table && name == "cat" && p.operands.size() == 1)
      if (const std::string* text = ctx_.written_text_at(ctx_.path(argv[p.operands[0]].text)); text && !is_partial(*text)) {
        r.stdout_text = *text;
        r.stdout_known = true;
      }
    if (!table && (name == "grep" || name == "egrep") && p.operands.size() == 2)
      if (const std::string* text = ctx_.written_text_at(ctx_.path(argv[p.operands[1]].text)))
        if (auto lines = grepped_lines(*text, name, argv, p)) {
          r.stdout_text = std::move(*lines);
          r.stdout_known = true;
        }
    if (name == "sed" && !in_place && !p.short_flag('n') && (table || !any)) {
      // One script (-e SCRIPT once, or the first operand) over known text or lines of a shape.
      auto e = opt_value(argv, p, "-e");
      const size_t scripts = std::count_if(argv.begin(), argv.end(), [](const Word& w) {
        return w.text == "-e" || w.text == "--expression" || w.text == "-f" || w.text == "--file";
      });
      const Word* script = e ? &*e : (first == 1 && !p.operands.empty() ? &argv[p.operands[0]] : nullptr);
      if (script && scripts <= 1 && !is_partial(script->text)) {
        const bool extended = p.short_flag('E') || p.short_flag('r') || p.has("--regexp-extended");
        if (!table && io.stdin_known) {
          if (auto out = sed_substitute(script->text, io.stdin_text, extended)) {
            r.stdout_text = *out;
            r.stdout_known = true;
          }
        } else if (table || is_partial(io.stdin_text)) {
          r.stdout_text = sed_suffix_kept(script->text, table ? *table : io.stdin_text);
        }
      }
    }
    if (!any) {
      t = io.stdin_taint;
      ev = io.stdin_ev;
      // cat passes its input on: the text, with unknown parts when it has some
      // (a here-document with expansions), as echo's output does
      if (name == "cat" || name == "tee") {
        r.stdout_text = io.stdin_text;
        r.stdout_known = io.stdin_known;
      } else if (name == "cut" && !io.stdin_text.empty()) {
        r.stdout_text = cut_output(argv, p, io.stdin_text);
        // (a field the shape knows whole is every line's: getent's home directory)
        r.stdout_known = !r.stdout_text.empty() && (io.stdin_known || !is_partial(r.stdout_text));
      } else if (io.stdin_known && (name == "sort" || name == "uniq" || name == "tac") &&
                 std::all_of(p.flags.begin(), p.flags.end(), [&](const std::string& f) {
                   return name == "sort" && f.size() > 1 && f[0] == '-' && f[1] != '-' &&
                          f.find_first_not_of("ur", 1) == std::string::npos;
                 })) {
        // Known lines reordered as these print them (`for g in ...; do pkgs_of "$g"; done | sort -u`).
        r.stdout_text = reordered_lines(io.stdin_text, name, p.short_flag('u'), p.short_flag('r'));
        r.stdout_known = true;
      } else if (auto grepped = io.stdin_known && (name == "grep" || name == "egrep")
                                    ? grepped_lines(io.stdin_text, name, argv, p)
                                    : std::nullopt) {
        r.stdout_text = std::move(*grepped);
        r.stdout_known = true;
      } else if (auto counted = (name == "head" || name == "tail") && !io.stdin_text.empty()
                                    ? counted_lines(io.stdin_text, name, argv, p)
                                    : std::nullopt;
                 counted && (io.stdin_known || !counted->empty())) {
        // The first or last lines of known lines (`unpack | tail -n1`: the
        // path a function echoed after a program's own output). (Text only
        // partly known may be lines of a shape, any number of them: past
        // its known lines, `tail -n +20` is more of that shape, below.)
        r.stdout_text = *counted;
        r.stdout_known = io.stdin_known || !is_partial(*counted);
      } else if (selects_lines(name) && !io.stdin_known && is_partial(io.stdin_text)) {
        // Lines of a shape (lsblk -p: /dev/<name> each) picked or sorted
        // are lines of that shape (`lsblk -dnp | grep -v loop | head -1`).
        r.stdout_text = io.stdin_text;
      }
    }
    r.stdout_taint = t;
    r.stdout_ev = ev;
    // Counts are numbers, not the data counted (`n=$(grep -c '^EMPTY' <<<"$feed")`
    // put into a script it writes runs no downloaded text).
    if (name == "wc" || ((name == "grep" || name == "egrep" || name == "fgrep") &&
                         (p.short_flag('c') || p.has("--count")))) {
      r.stdout_taint = 0;
      r.stdout_ev = -1;
      r.stdout_text = std::string(1, kUnknownPart);
      r.stdout_known = false;
    }
    if (name == "rev") r.stdout_taint |= kObfuscated;
    if (name == "od" || name == "hexdump") r.stdout_taint |= kEncoded;  // the bytes as numbers
    return r;
  }
  if (kind == "tee") {
    for (size_t k = 0; k < p.operands.size(); ++k) {
      const Word& w = argv[p.operands[k]];
      effect(Eff::file_write, p.short_flag('a') ? "append" : "tee", w.text,
             io.stdin_known ? io.stdin_text : name + " " + line, io.stdin_taint, io.stdin_ev, 0, -1, w.taint, w.ev);
    }
    r.stdout_taint = io.stdin_taint;
    r.stdout_ev = io.stdin_ev;
    r.stdout_text = io.stdin_text;
    r.stdout_known = io.stdin_known;
    return r;
  }
  if (kind == "split") {
    // split [OPTION] [INPUT [PREFIX]]: the pieces (PREFIXaa, PREFIX00, ...)
    // hold what the input held, a file's or standard input's.
    const Word* input = p.operands.empty() ? nullptr : &argv[p.operands[0]];
    uint32_t t = io.stdin_taint;
    int32_t ev = io.stdin_ev;
    if (input && input->text != "-") std::tie(t, ev) = read_operand(*input, name, line);
    const Word* prefix = p.operands.size() > 1 ? &argv[p.operands[1]] : nullptr;
    std::string piece = (prefix ? prefix->text : std::string("x")) + kUnknownPart;
    if (auto suffix = opt_value(argv, p, "--additional-suffix")) piece += suffix->text;
    effect(Eff::file_write, name, piece, name + " " + line, t, ev, 0, -1, prefix ? prefix->taint : 0,
           prefix ? prefix->ev : -1);
    return r;
  }
  if (kind == "dd") {
    std::string in, out;
    uint32_t t = 0;
    int32_t ev = -1;
    for (size_t k = 1; k < argv.size(); ++k) {
      if (starts(argv[k].text, "if=")) in = argv[k].text.substr(3);
      if (starts(argv[k].text, "of=")) out = argv[k].text.substr(3);
    }
    if (!in.empty()) {
      auto [ft, fev] = file_taint(Word{in, 0, -1});
      t = ft;
      ev = fev;
      effect(Eff::file_read, "dd", in, name + " " + line);
    } else {
      t = io.stdin_taint;
      ev = io.stdin_ev;
    }
    if (!out.empty()) effect(Eff::file_write, "dd", out, name + " " + line, t, ev);
    else r.stdout_taint = t, r.stdout_ev = ev;
    return r;
  }
  if (kind == "mkfs") {
    for (size_t k = 0; k < p.operands.size(); ++k)
      effect(Eff::file_write, "format", argv[p.operands[k]].text, name + " " + line);
    return r;
  }
  if (kind == "crontab" || kind == "at" || kind == "systemd_run" || kind == "launchctl") {
    if (kind == "crontab" && (p.short_flag('l') || p.short_flag('r'))) {
      if (p.short_flag('r')) effect(Eff::file_delete, "crontab", "/var/spool/cron/crontabs/user", name + " " + line);
      // crontab -l is a read; the pipeline into `crontab -` carries it on.
      r.stdout_taint = 0;
      return r;
    }
    if (kind == "launchctl" && line.find("load") == std::string::npos && line.find("bootstrap") == std::string::npos)
      return r;
    if (kind == "systemd_run" && line.find("--on-") == std::string::npos && line.find("--timer") == std::string::npos)
      return r;
    std::string content = io.stdin_known ? io.stdin_text : line;
    uint32_t t = io.stdin_taint;
    int32_t ev = io.stdin_ev;
    if (kind == "crontab" && !p.operands.empty() && argv[p.operands[0]].text != "-") {
      auto [ft, fev] = file_taint(argv[p.operands[0]]);
      t |= ft;
      ev = fev;
    }
    const char* where = kind == "crontab" ? "/var/spool/cron/crontabs/user"
                        : kind == "at" ? "/var/spool/cron/atjobs/job"
                        : kind == "launchctl" ? "~/Library/LaunchAgents/job.plist"
                                        : "/etc/systemd/system/transient.timer";
    effect(Eff::file_write, kind, where, content, t, ev);
    return r;
  }
  if (kind == "service") {
    // systemctl ACTION UNIT / service UNIT ACTION / update-rc.d UNIT ...
    std::vector<std::string> ops;
    for (size_t k : p.operands) ops.push_back(argv[k].text);
    std::string action, unit;
    if (name == "service" || name == "rc-service") {
      unit = ops.size() > 0 ? ops[0] : "";
      action = ops.size() > 1 ? ops[1] : "";
    } else if (name == "update-rc.d" || name == "chkconfig") {
      unit = ops.size() > 0 ? ops[0] : "";
      action = ops.size() > 1 ? ops[1] : "enable";
    } else {
      action = ops.size() > 0 ? ops[0] : "";
      unit = ops.size() > 1 ? ops[1] : "";
    }
    bool stop = action == "stop" || action == "disable" || action == "mask" || action == "kill" || action == "off" ||
                action == "remove";
    if (stop && is_security_unit(unit)) {
      effect(Eff::security_off, "service", unit, name + " " + line);
      return r;
    }
    // Looking is not administering: status, show, cat, list-*, is-*, get-default, help.
    if (action == "status" || action == "show" || action == "cat" || action == "get-default" || action == "help" ||
        action.rfind("list-", 0) == 0 || action.rfind("is-", 0) == 0 || action == "show-environment" ||
        action.empty())
      return r;
    if (p.has("--user") && (action == "enable" || action == "start")) {
      effect(Eff::file_write, "user-service", "~/.config/systemd/user/" + unit, name + " " + line);
      return r;
    }
    // The user's own service manager (restart, stop, reload): no privilege.
    if (p.has("--user")) return r;
    effect(Eff::admin, "service", unit, name + " " + line);
    return r;
  }
  if (kind == "firewall") {
    bool off = false;
    if (name == "ufw") {
      off = line.find("disable") != std::string::npos;
      // ufw status / show / app list: a read-only look at the rules.
      if (!off && (p.operands.empty() || p.operands[0] >= argv.size() || argv[p.operands[0]].text == "status" ||
                   argv[p.operands[0]].text == "show" || argv[p.operands[0]].text == "app"))
        return r;
    }
    else if (name == "iptables" || name == "ip6tables") {
      off = flushes_firewall_chains(argv, ctx_.lib) || (p.short_flag('P') && line.find("ACCEPT") != std::string::npos);
      bool list = p.short_flag('L') || p.short_flag('S') || p.has("--list");
      if (list && !off) {
        effect(Eff::admin, "firewall", name, name + " " + line);
        return r;
      }
    } else if (name == "nft") {
      // The whole ruleset, or the filter table and its base chains; an application's
      // own table (`nft delete table inet openvpn`) is its rules removed.
      static const RE2 nft_off(
          "(?i)\\bflush\\s+ruleset\\b|\\b(flush|delete)\\s+table\\s+(\\S+\\s+)?(filter|firewalld)\\b|"
          "\\b(flush|delete)\\s+chain\\s+(\\S+\\s+)?\\S+\\s+(input|forward|output)\\b");
      off = RE2::PartialMatch(line, nft_off);
    } else if (name == "firewall-cmd") {
      off = line.find("--set-default-zone=trusted") != std::string::npos;
    }
    effect(off ? Eff::security_off : Eff::admin, "firewall", name, name + " " + line);
    return r;
  }
  if (kind == "setenforce") {
    bool off = line.find('0') != std::string::npos || line.find("ermissive") != std::string::npos;
    effect(off ? Eff::security_off : Eff::admin, "selinux", name, name + " " + line);
    return r;
  }
  if (kind == "history") {
    // -c clears, -d deletes entries; -w saves and -r reads the history file
    if (p.short_flag('c') || p.short_flag('d'))
      effect(Eff::security_off, "history", "history", name + " " + line);
    return r;
  }
  if (kind == "docker") {
    // `docker --version` / `docker --help`: no subcommand, nothing asked of the daemon.
    if (p.operands.empty()) return r;
    bool priv = line.find("--privileged") != std::string::npos || line.find("--pid=host") != std::string::npos ||
                line.find("--pid host") != std::string::npos || line.find("SYS_ADMIN") != std::string::npos ||
                line.find("-v /:") != std::string::npos || line.find("--volume /:") != std::string::npos ||
                line.find("docker.sock") != std::string::npos || line.find("--cap-add=ALL") != std::string::npos;
    effect(Eff::container, priv ? "privileged" : "docker", name, name + " " + line);
    container_command(argv, io, depth);
    return r;
  }
  if (kind == "pip") {
    bool install = false;
    std::vector<std::string> pkgs;
    for (size_t k : p.operands) {
      const std::string& w = argv[k].text;
      if (!install) {
        if (w == "install" || w == "add" || (name == "easy_install")) install = true;
        if (name == "easy_install") pkgs.push_back(w);
        continue;
      }
      std::string n = w.substr(0, w.find_first_of("=<>![;@ ~"));
      if (!n.empty()) pkgs.push_back(n);
    }
    if (!install && name != "easy_install") return r;
    if (opt_value(argv, p, "-r") || opt_value(argv, p, "--requirement")) install = true;
    // -r FILE that this code wrote: the packages it lists
    for (const char* o : {"-r", "--requirement"})
      if (auto req = opt_value(argv, p, o))
        if (const std::string* text = ctx_.written_text_at(ctx_.path(req->text))) {
          size_t b = 0;
          while (b < text->size() && pkgs.size() < 64) {
            size_t e = text->find('\n', b);
            if (e == std::string::npos) e = text->size();
            pkgs.push_back(text->substr(b, e - b));
            b = e + 1;
          }
        }
    for (const auto& n : pkgs) ctx_.judge_package(n, name + " " + line, site_);
    // A virtual environment's own pip (venv/bin/pip, or pip once its
    // bin/activate is sourced) installs into that environment only: the
    // project's work, not a change to the user's or the system's packages.
    const std::string& word = argv[0].text;
    bool venv = ctx_.venv_active || (word.find("/bin/pip") != std::string::npos && name != "easy_install");
    effect(Eff::risky, venv ? "install_venv" : "install", pkgs.empty() ? name : pkgs[0], name + " " + line);
    return r;
  }
  if (kind == "ping") {
    if (auto pat = opt_value(argv, p, "-p")) {
      const Word* host = operand(0);
      effect(Eff::net_send, "icmp", host ? host->text : "", name + " " + line, pat->taint, pat->ev);
    }
    return r;
  }
  if (kind == "resolve") {
    // getent DATABASE KEY...: the host databases resolve KEY; passwd prints a
    // user's line, whose sixth field is a home directory (`getent passwd
    // "$(id -un)" | cut -d: -f6` is where rm -rf "$root"/* goes).
    if (name == "getent") {
      const Word* db = operand(0);
      if (db && db->text == "passwd") {
        const std::string u(1, kUnknownPart);
        r.stdout_text = u + ":x:" + u + ":" + u + ":" + u + ":~:" + u + "\n";
        return r;
      }
      static const RE2 kHostDatabase("ahosts|ahostsv4|ahostsv6|hosts");
      if (!db || !RE2::FullMatch(db->text, kHostDatabase) || p.operands.size() < 2) return r;
      p.operands.erase(p.operands.begin());
    }
    // dig -f FILE: a query per line of FILE, the names it holds (what this
    // code wrote there, hex of a customer file, goes out as labels).
    if (name == "dig")
      if (auto batch = opt_value(argv, p, "-f")) {
        auto [ft, fev] = file_taint(*batch);
        const std::string* text = ctx_.written_text_at(ctx_.path(batch->text));
        // (each line is dig's arguments: the name first, then a type or options)
        std::string names = text ? first_fields(text->substr(0, text->find('\n'))) : std::string(1, kUnknownPart);
        while (!names.empty() && names.back() == '\n') names.pop_back();
        effect(Eff::net_resolve, name, names, name + " " + line, ft, fev, 0, -1, ft, fev);
      }
    for (size_t k : p.operands) {
      const Word& w = argv[k];
      if (w.text.empty() || w.text[0] == '@' || w.text[0] == '+') continue;
      // dig TXT NAME: a record type or class before the name is not the name
      static const RE2 kTypeOrClass("(?i)(a|aaaa|any|axfr|caa|cname|dnskey|ds|hinfo|https|mx|naptr|ns|null|ptr|soa|"
                                    "spf|srv|sshfp|svcb|tlsa|txt|in|ch|hs)");
      if ((name == "dig" || name == "drill") && k != p.operands.back() && RE2::FullMatch(w.text, kTypeOrClass)) continue;
      effect(Eff::net_resolve, name, w.text, name + " " + line, w.taint, w.ev, 0, -1, w.taint, w.ev);
      break;
    }
    return r;
  }
  if (kind == "decode" || kind == "base64" || kind == "openssl") {
    // openssl's options are whole words (-pbkdf2 is no cluster holding -d)
    const bool compressor = compressor_suffix(name) != nullptr;
    bool decode = (name == "openssl" ? p.has("-d") : p.short_flag('d')) || p.has("--decode") ||
                  (name == "xxd" && p.short_flag('r')) || name == "uudecode" ||
                  (compressor && (p.has("--decompress") || p.has("--uncompress") || decompressor(name)));
    if (name == "openssl") {
      std::string sub = p.operands.empty() ? "" : argv[p.operands[0]].text;
      if (sub == "s_client") return netcat(argv, io, *spec);
      // passwd -1/-apr1/-crypt: MD5-crypt or DES crypt for a password hash
      if (sub == "passwd" && (p.has("-1") || p.has("-apr1") || p.has("-crypt") || p.has("-aixmd5"))) {
        effect(Eff::risky, "weak_hash", name, name + " " + line);
        return r;
      }
      if (sub == "enc" || sub.rfind("aes", 0) == 0 || sub == "des3" || sub == "rsautl" || sub == "pkeyutl") {
        if (!decode) {
          // encryption: of -in FILE to -out FILE
          auto in = opt_value(argv, p, "-in");
          auto out = opt_value(argv, p, "-out");
          auto [t, ev] = encryption_input(in, io, name + " " + line);
          ev = ctx_.log.evidence(site_.line, site_.col, "encrypts data with openssl", ev);
          if (out) effect(Eff::file_write, "encrypt", out->text, name + " " + line, t | kEncrypted, ev, 0, -1, out->taint, out->ev);
          else r.stdout_taint = t | kEncrypted, r.stdout_ev = ev;
          return r;
        }
      } else if (sub != "base64") {
        return r;
      }
    }
    uint32_t t = io.stdin_taint;
    int32_t ev = io.stdin_ev;
    std::string text = io.stdin_text;
    bool known = io.stdin_known;
    for (size_t k : p.operands) {
      if (name == "openssl") break;
      auto [ft, fev] = file_taint(argv[k]);
      t |= ft;
      if (ev < 0) ev = fev;
      known = false;
    }
    // openssl base64 -in FILE: the file is the input (its operands are the subcommand).
    const std::optional<Word> in_file = name == "openssl" ? opt_value(argv, p, "-in") : std::nullopt;
    if (in_file) {
      auto [ft, fev] = file_taint(*in_file);
      effect(Eff::file_read, name, in_file->text, name + " " + line, 0, -1, 0, -1, in_file->taint, in_file->ev);
      t = ft;
      ev = fev;
      known = false;
    }
    // gzip FILE (no -c): FILE.gz holds FILE's data; gunzip FILE.gz: FILE does.
    const bool to_stdout = p.short_flag('c') || p.has("--stdout") || p.has("--to-stdout") || p.operands.empty() ||
                           (name.size() > 3 && name.compare(name.size() - 3, 3, "cat") == 0);
    if (compressor && !to_stdout) {
      for (size_t k : p.operands) {
        auto [ft, fev] = file_taint(argv[k]);
        std::string out = argv[k].text;
        const std::string suffix = compressor_suffix(name);
        if (!decode) out += suffix;
        else if (out.size() > suffix.size() && out.compare(out.size() - suffix.size(), suffix.size(), suffix) == 0)
          out.resize(out.size() - suffix.size());
        effect(Eff::file_write, decode ? "decompress" : "compress", out, name + " " + line,
               ft | (decode ? static_cast<uint32_t>(kDecoded) : 0u), fev, 0, -1, argv[k].taint, argv[k].ev);
      }
      return r;
    }
    if (decode) {
      ev = ctx_.log.evidence(site_.line, site_.col, "decodes data (" + name + ")", ev);
      t |= kDecoded;
      if (known) {
        std::optional<std::string> d;
        if (name == "base64" || name == "openssl") d = decode_base64(text);
        else if (name == "base32") d = decode_base32(text);
        else if (name == "xxd") d = decode_hex(text);
        else if (name == "gunzip" || name == "zcat" || name == "gzip") d = inflate_any(text);
        if (d) {
          r.stdout_text = concrete(*d);
          r.stdout_known = true;
        }
      }
    } else if (name != "openssl" || p.has("-a") || p.has("-base64") ||
             (!p.operands.empty() && argv[p.operands[0]].text == "base64"))
      t |= kEncoded;  // base64, base32, xxd, a compressor (openssl: its base64)
    // openssl base64 ... -out FILE: the result goes to the file, not to stdout.
    if (name == "openssl")
      if (auto out = opt_value(argv, p, "-out")) {
        effect(Eff::file_write, decode ? "decode" : "encode", out->text, name + " " + line, t, ev, 0, -1, out->taint,
               out->ev);
        return r;
      }
    r.stdout_taint = t;
    r.stdout_ev = ev;
    return r;
  }
  if (kind == "ssh") {
    // -o StrictHostKeyChecking=no: any host key is accepted (paramiko's AutoAddPolicy).
    std::string lower = line;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower.find("stricthostkeychecking=no") != std::string::npos ||
        lower.find("stricthostkeychecking=accept-new") != std::string::npos ||
        lower.find("userknownhostsfile=/dev/null") != std::string::npos)
      effect(Eff::risky, "ssh_autoadd", name, name + " " + line);
    const Word* host = operand(0);
    if (host) effect(Eff::net_connect, "ssh", host->text, name + " " + line);
    if (io.stdin_taint) effect(Eff::net_send, "ssh", host ? host->text : "", name + " " + line, io.stdin_taint, io.stdin_ev);
    if (name == "sftp" || name == "scp") return r;
    // `ssh HOST CMD...`: the remote shell runs the words after the host joined
    // by blanks; judged as this code's own (a remote sudo is a privileged
    // access attempt, a remote download-and-run is still one).
    if (p.operands.size() > 1) {
      Word remote;
      for (size_t i = 1; i < p.operands.size(); ++i) {
        const Word& w = argv[p.operands[i]];
        if (!remote.text.empty()) remote.text += ' ';
        remote.text += w.text;
        remote.taint |= w.taint;
        if (remote.ev < 0) remote.ev = w.ev;
      }
      if (remote.text != std::string(1, kUnknownPart)) nested_shell(remote);
    }
    r.stdout_taint = kDownloaded;
    return r;
  }
  if (kind == "mail") {
    uint32_t t = io.stdin_taint;
    int32_t ev = io.stdin_ev;
    if (auto a = opt_value(argv, p, "-a")) {
      auto [ft, fev] = file_taint(*a);
      t |= ft;
      if (ev < 0) ev = fev;
    }
    if (auto a = opt_value(argv, p, "-A")) {
      auto [ft, fev] = file_taint(*a);
      t |= ft;
      if (ev < 0) ev = fev;
    }
    // The recipient is where it goes, with its provenance (an option's value
    // is an address the user gave).
    const Word* to = operand(0);
    effect(Eff::net_send, "mail", to ? to->text : "", name + " " + line, t, ev, 0, -1, to ? to->taint : 0u,
           to ? to->ev : -1);
    return r;
  }
  if (kind == "encrypt") {
    // gpg -c|-e FILE (to -o OUT, else FILE.gpg), age [-o OUT] FILE (else to
    // stdout), ccrypt FILE (FILE.cpt in place of FILE): the output holds the
    // input encrypted, with the input's labels (a file found by walking).
    bool gpg = name == "gpg" || name == "gpg2";
    bool decrypt = p.short_flag('d') || p.has("--decrypt");
    bool encrypt = gpg ? (p.short_flag('c') || p.short_flag('e') || p.has("--symmetric") || p.has("--encrypt")) : !decrypt;
    if (!encrypt) return r;
    std::optional<Word> in;
    if (!p.operands.empty()) in = argv[p.operands.back()];
    auto [t, ev] = encryption_input(in, io, name + " " + line);
    ev = ctx_.log.evidence(site_.line, site_.col, "encrypts data with " + name, ev);
    std::optional<Word> out = opt_value(argv, p, "-o");
    if (!out) out = opt_value(argv, p, "--output");
    if (!out && in && name != "age") {
      out = *in;
      out->text += name == "ccrypt" || name == "ccencrypt" ? ".cpt" : (p.short_flag('a') || p.has("--armor")) ? ".asc" : ".gpg";
    }
    if (out) effect(Eff::file_write, "encrypt", out->text, name + " " + line, t | kEncrypted, ev, 0, -1, out->taint, out->ev);
    else r.stdout_taint = t | kEncrypted, r.stdout_ev = ev;
    // ccrypt replaces the file it encrypts
    if (in && (name == "ccrypt" || name == "ccencrypt"))
      effect(Eff::file_delete, "encrypt", in->text, name + " " + line, 0, -1, 0, -1, in->taint, in->ev);
    return r;
  }
  if (kind == "ls") {
    // ls DIR...: the names it prints were found by listing DIR (`for f in $(ls ~/Documents)`).
    std::string dir = p.operands.empty() ? "." : argv[p.operands[0]].text;
    int32_t ev = ctx_.log.evidence(site_.line, site_.col, "lists " + printable(dir));
    for (size_t k : p.operands) effect(Eff::file_list, "ls", argv[k].text, name + " " + line);
    if (p.operands.empty()) effect(Eff::file_list, "ls", ".", name + " " + line);
    r.stdout_taint = kWalked;
    r.stdout_ev = ev;
    // `ls -1t "$VAULT"/*.enc`: a glob's matches printed as given, lines of
    // its shape (not in the long or recursive formats, whose lines are not paths).
    if (p.operands.size() == 1 && !p.short_flag('l') && !p.short_flag('R') && !p.short_flag('s') &&
        !p.short_flag('i') && !p.short_flag('g') && !p.short_flag('n') && !p.short_flag('o')) {
      const std::string& listed = argv[p.operands[0]].text;
      const size_t slash = listed.rfind('/');
      if (slash != std::string::npos && slash > 0 && is_partial(listed.substr(slash + 1)) &&
          !is_partial(listed.substr(0, slash)))
        r.stdout_text = listed;
    }
    return r;
  }
  if (kind == "find") {
    // find ROOT... [-exec CMD {} ;] [-delete]; what it finds is ROOT/<unknown> (/<unknown> under /),
    // or ROOT/<unknown>PATTERN with one name test and a shallow -maxdepth (an uninstaller's
    // `find /home -maxdepth 2 -name '*.ovpn' -delete` deletes those files, not the tree). A name
    // test over the whole depth still sweeps the tree: `find / -name '*.jpg' -exec shred` is a wipe.
    std::string found(1, kUnknownPart);
    int name_tests = 0;
    bool alternatives = false, shallow = false, wildcard = false;
    for (size_t k = 1; k < argv.size(); ++k) {
      const std::string& w = argv[k].text;
      if (w == "-o" || w == "-or") alternatives = true;
      if (w == "-maxdepth" && k + 1 < argv.size()) {
        const std::string& d = argv[k + 1].text;
        shallow = d.size() == 1 && d[0] >= '0' && d[0] <= '3';
      }
      // `! -name 'S.*'` excludes: not the pattern of what is found
      bool negated = k > 1 && (argv[k - 1].text == "!" || argv[k - 1].text == "-not");
      if ((w == "-name" || w == "-iname") && k + 1 < argv.size() && !negated) {
        ++name_tests;
        std::string pat = argv[k + 1].text;
        wildcard = pat.find_first_of("*?[") != std::string::npos || is_partial(pat);
        for (auto& c : pat)
          if (c == '*' || c == '?') c = kUnknownPart;
        if (pat.empty() || pat[0] != kUnknownPart) pat.insert(pat.begin(), kUnknownPart);
        found = pat.find_first_not_of(kUnknownPart) == std::string::npos ? std::string(1, kUnknownPart) : pat;
      }
    }
    // An exact name (`-name id_rsa`) names those files at any depth: ROOT/<unknown>/NAME.
    const bool exact = name_tests == 1 && !wildcard;
    if (exact) found.insert(1, 1, '/');
    if (name_tests != 1 || alternatives || (!shallow && !exact)) found = std::string(1, kUnknownPart);
    auto under = [&found](const std::string& root) {
      return (root.empty() || root.back() != '/' ? root + "/" : root) + found;
    };
    std::vector<std::string> roots;
    size_t i = 1;
    while (i < argv.size() && !argv[i].text.empty() && argv[i].text[0] != '-' && argv[i].text != "(" &&
           argv[i].text != "!")
      roots.push_back(argv[i++].text);
    if (roots.empty()) roots.push_back(".");
    int32_t ev = ctx_.log.evidence(site_.line, site_.col, "walks " + printable(roots[0]));
    for (const auto& root : roots) effect(Eff::file_list, "find", root, name + " " + line);
    // What it prints, when it prints the paths (-print, or no action at all):
    // a line per root, ROOT/<unknown> (`find ~/.ssh -type f > list` names
    // files under ~/.ssh for a tar -T LIST).
    bool prints = true;
    for (size_t k = i; k < argv.size(); ++k) {
      const std::string& w = argv[k].text;
      if (w == "-print" || w == "-print0") {
        prints = true;
        break;
      }
      if (w == "-exec" || w == "-execdir" || w == "-ok" || w == "-okdir" || w == "-delete" ||
          w.rfind("-printf", 0) == 0 || w.rfind("-fprint", 0) == 0 || w == "-ls" || w == "-fls")
        prints = false;
    }
    // Each line has that shape: a `while read -r entry` over it reads one.
    if (prints) {
      for (const auto& root : roots) r.stdout_text += under(root) + "\n";
      r.stdout_known = true;
    }
    for (; i < argv.size(); ++i) {
      const std::string& w = argv[i].text;
      if (w == "-delete") {
        for (const auto& root : roots)
          effect(Eff::file_delete, "find", under(root), name + " " + line, 0, -1, kRecursiveDelete, -1, kWalked, ev);
      } else if (w == "-exec" || w == "-execdir" || w == "-ok" || w == "-okdir") {
        std::vector<Word> cmd;
        for (++i; i < argv.size() && argv[i].text != ";" && argv[i].text != "+" && argv[i].text != "\\;"; ++i) {
          Word x = argv[i];
          if (x.text.find("{}") != std::string::npos) {
            std::string repl = under(roots[0]);
            size_t pos;
            while ((pos = x.text.find("{}")) != std::string::npos) x.text.replace(pos, 2, repl);
            x.taint |= kWalked;
            x.ev = ev;
          }
          cmd.push_back(x);
        }
        // What the command prints is find's output (`find -exec cat {} \; | curl` sends the files).
        CommandResult out = run(cmd, CommandIo{}, depth + 1);
        if (out.stdout_taint & ~kWalked) {
          r.stdout_taint |= out.stdout_taint;
          r.stdout_ev = out.stdout_ev;
        }
      }
    }
    r.stdout_taint |= kWalked;
    if (r.stdout_ev < 0) r.stdout_ev = ev;
    return r;
  }
  if (kind == "echo") {
    std::string out;
    uint32_t t = 0;
    int32_t ev = -1;
    size_t from = 1;
    bool escapes = false, no_newline = false;
    while (from < argv.size() && (argv[from].text == "-e" || argv[from].text == "-n" || argv[from].text == "-ne" ||
                                  argv[from].text == "-en" || argv[from].text == "-E")) {
      if (argv[from].text.find('e') != std::string::npos) escapes = true;
      if (argv[from].text.find('n') != std::string::npos) no_newline = true;
      ++from;
    }
    // `printf -- FORMAT ...`: the format may start with '-' after the end of options.
    if (name == "printf" && from + 1 < argv.size() && argv[from].text == "--") ++from;
    if (name == "printf" && from < argv.size()) {
      std::string fmt = argv[from].text;
      std::vector<std::string> rest;
      for (size_t k = from + 1; k < argv.size(); ++k) rest.push_back(argv[k].text);
      size_t ai = 0;
      // The format is used again while arguments are left (printf '%s\n' a b: two lines).
      for (int pass = 0; pass < 256; ++pass) {
        size_t before = ai;
        for (size_t k = 0; k < fmt.size(); ++k) {
          if (fmt[k] == '%' && k + 1 < fmt.size()) {
            if (fmt[k + 1] == '%') {
              out += '%';
              ++k;
              continue;
            }
            // %[flags][width][.precision][length]conversion: the argument,
            // padded to a known width (%08d of 1 is 00000001).
            size_t j = k + 1;
            bool zero = false, left = false;
            for (; j < fmt.size() && std::strchr("-+ #0", fmt[j]); ++j) {
              if (fmt[j] == '0') zero = true;
              if (fmt[j] == '-') left = true;
            }
            size_t width = 0;
            for (; j < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[j])); ++j)
              width = std::min<size_t>(width * 10 + static_cast<size_t>(fmt[j] - '0'), 256);
            while (j < fmt.size() && (fmt[j] == '.' || fmt[j] == '*' || std::isdigit(static_cast<unsigned char>(fmt[j]))))
              ++j;
            // (q is bash's conversion %q, the argument quoted for the shell: its value as is)
            while (j < fmt.size() && std::strchr("hlLjzt", fmt[j])) ++j;
            std::string arg = ai < rest.size() ? rest[ai++] : "";
            if (!is_partial(arg) && arg.size() < width) {
              std::string pad(width - arg.size(), zero && !left ? '0' : ' ');
              arg = left ? arg + pad : pad + arg;
            }
            out += arg;
            k = j < fmt.size() ? j : fmt.size() - 1;
          } else {
            out += fmt[k];
          }
        }
        // (a hostile format repeated for thousands of arguments stops here)
        if (ai >= rest.size() || ai == before || out.size() > kMaxPrintedText) break;
      }
      escapes = true;
      for (size_t k = from; k < argv.size(); ++k) {
        t |= argv[k].taint;
        if (ev < 0) ev = argv[k].ev;
      }
    } else {
      for (size_t k = from; k < argv.size(); ++k) {
        if (k > from) out += ' ';
        out += argv[k].text;
        t |= argv[k].taint;
        if (ev < 0) ev = argv[k].ev;
      }
    }
    if (escapes) out = decode_backslash_escapes(out);
    // echo ends its line (echo "$item" >> LIST writes one name a line)
    if (name == "echo" && !no_newline) out += '\n';
    r.stdout_text = out;
    r.stdout_known = !is_partial(out);
    r.stdout_taint = t;
    r.stdout_ev = ev;
    return r;
  }
  if (kind == "path_part") {
    // dirname PATH, basename PATH [SUFFIX]: a part of a name, known as far
    // as the name is ("$(dirname "$STAGE")" for tar -C).
    const Word* w = operand(0);
    if (!w) return r;
    if (name == "readlink" || name == "realpath") {
      // realpath PATH, readlink -f PATH: the same file by its full name
      // (SELF="$(readlink -f "$0")" is the program). A plain readlink
      // prints where a link points: another name.
      const bool same = name == "realpath" || p.has("-f") || p.has("-e") || p.has("-m") ||
                        p.has("--canonicalize") || p.has("--canonicalize-existing") || p.has("--canonicalize-missing");
      r.stdout_text = same ? ctx_.path(w->text) + "\n" : std::string(1, kUnknownPart) + "\n";
      r.stdout_known = same && !is_partial(w->text);
      r.stdout_taint = same ? w->taint : w->taint & ~kSelf;
      r.stdout_ev = w->ev;
      return r;
    }
    std::string path = w->text;
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    size_t slash = path.rfind('/');
    std::string out;
    if (name == "dirname") {
      out = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    } else {
      out = slash == std::string::npos ? path : path.substr(slash + 1);
      const Word* suffix = operand(1);
      if (suffix && !suffix->text.empty() && out.size() > suffix->text.size() &&
          out.compare(out.size() - suffix->text.size(), suffix->text.size(), suffix->text) == 0)
        out.resize(out.size() - suffix->text.size());
    }
    r.stdout_text = out + "\n";
    r.stdout_known = !is_partial(out);
    // A part of this program's path is not the program ($(dirname "$0")/lib/x.py),
    // but its whole file name is ("$DIR/$(basename "$0")").
    const bool whole_name = name == "basename" && out == (slash == std::string::npos ? path : path.substr(slash + 1));
    r.stdout_taint = whole_name ? w->taint : w->taint & ~kSelf;
    r.stdout_ev = w->ev;
    return r;
  }
  if (kind == "eval" || kind == "source") {
    Word code;
    if (kind == "eval") {
      code.text = line;
      for (size_t k = 1; k < argv.size(); ++k) {
        code.taint |= argv[k].taint;
        if (code.ev < 0) code.ev = argv[k].ev;
      }
    } else {
      const Word* f = operand(0);
      if (!f) return r;
      auto [ft, fev] = file_taint(*f);
      code.text = std::string(1, kUnknownPart);
      code.taint = ft;
      code.ev = fev >= 0 ? fev : f->ev;
      if (f->text == "/dev/stdin" || f->text == "-") {
        code.taint |= io.stdin_taint;
        if (io.stdin_known) code.text = io.stdin_text;
      }
    }
    // A file named in the code (`. "${0%/*}/lib.sh"`, `source /etc/os-release`) is the
    // program's own library or a configuration file, as an import is: tag source_file,
    // which DYNAMIC-CODE leaves alone; a name known only at run time (`. "$1"`) is not.
    const char* tag = kind == "eval" ? "eval" : "source";
    if (kind == "source") {
      const std::string& path = operand(0)->text;
      const std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
      if (!base.empty() && !is_partial(base) && base != "-" && path.rfind("/dev/", 0) != 0 && path.rfind("/proc/", 0) != 0)
        tag = "source_file";
      if (base == "activate" && path.size() > 13 && path.compare(path.size() - 13, 13, "/bin/activate") == 0)
        ctx_.venv_active = true;
    }
    effect(Eff::code_exec, tag, name, code.text, code.taint, code.ev,
           is_partial(code.text) ? 0u : static_cast<uint32_t>(kConstTarget));
    // Code with unknown parts runs as bash -c runs it (eval "bash -i >& /dev/tcp/$HOST/4444 0>&1").
    if (!code.text.empty() && code.text != std::string(1, kUnknownPart)) {
      // What it prints is what this command prints (< <(eval "find \"\$ROOT\" -type f")).
      if (kind == "eval") ++ctx_.in_eval;
      auto [printed, printed_ev] = ctx_.printed_by([&] { nested_shell(code); });
      if (kind == "eval") --ctx_.in_eval;
      r.stdout_taint |= printed;
      if (r.stdout_ev < 0) r.stdout_ev = printed_ev;
    }
    return r;
  }
  if (kind == "run_dir") {
    // run-parts DIR: every executable file in DIR runs (--test and --list only name them).
    const Word* dir = operand(0);
    if (!dir || p.has("--test") || p.has("--list")) return r;
    auto [t, ev] = file_taint(*dir);
    effect(Eff::code_exec, "run_dir", name, dir->text, t, ev, 0);
    return r;
  }
  if (kind == "which") {
    print_command_path(r, operand(0));
    return r;
  }
  if (kind == "tr") {
    // tr SET1 SET2 on known text: the mapped text (rot13 and friends hide payloads).
    r.stdout_taint = io.stdin_taint;
    r.stdout_ev = io.stdin_ev;
    if (p.operands.size() == 1 && p.flags.size() == 1 && p.has("-d") && io.stdin_known) {
      // tr -d SET: the text without those bytes (tr -d '\r', tr -d '\n').
      const std::string gone = tr_set(argv[p.operands[0]].text);
      std::string out = io.stdin_text;
      out.erase(std::remove_if(out.begin(), out.end(), [&](char c) { return gone.find(c) != std::string::npos; }),
                out.end());
      r.stdout_text = std::move(out);
      r.stdout_known = true;
    }
    if (p.operands.size() == 2 && p.flags.empty() && io.stdin_known) {
      std::string a = tr_set(argv[p.operands[0]].text), b = tr_set(argv[p.operands[1]].text);
      if (!b.empty()) {
        std::string out = io.stdin_text;
        // Letters turned into other letters (rot13, a shuffled alphabet) or digits
        // into other digits hide text; case changes (tr a-z A-Z) and punctuation
        // swapped for punctuation (tr '.' '_') are ordinary normalisation.
        bool hides = false;
        for (auto& c : out) {
          size_t k = a.find(c);
          if (k == std::string::npos) continue;
          char d = b[std::min(k, b.size() - 1)];
          auto u = [](char x) { return static_cast<unsigned char>(x); };
          if ((std::isalpha(u(c)) && std::isalpha(u(d)) && std::tolower(u(c)) != std::tolower(u(d))) ||
              (std::isdigit(u(c)) && std::isdigit(u(d)) && c != d))
            hides = true;
          c = d;
        }
        r.stdout_text = out;
        r.stdout_known = true;
        if (hides) {
          r.stdout_taint |= kObfuscated;
          r.stdout_ev = ctx_.log.evidence(site_.line, site_.col, "translates hidden text with tr", io.stdin_ev);
        }
      }
    }
    return r;
  }
  if (kind == "pwd") {
    const std::string dir = ctx_.working_dir();
    r.stdout_text = dir + "\n";
    r.stdout_known = !is_partial(dir);
    return r;
  }
  if (kind == "cd") {
    ctx_.previous_dir = ctx_.working_dir();
    const Word* d = operand(0);
    if (!d || d->text == "~") ctx_.change_dir("~");
    else if (!is_partial(d->text) && d->text != "-") ctx_.change_dir(ctx_.path(d->text));
    else if (d->text != "-") {
      // A place partly unknown inside the working tree (cd "./staging/$DAY"):
      // its unknown part taken as one directory, so ../../build from there is
      // ./build again. Elsewhere (home, an absolute or unknown start) where it
      // lands is not guessed.
      std::string to = ctx_.path(d->text);
      // A directory this code made or extracted an archive into is followed
      // wherever it is ("$HERE/downloads/agent-$v" made by mkdir -p, then
      // `cd` there and `sh ./apply.sh`): relative names resolve under it.
      bool own = ctx_.made_dirs.count(to) > 0 ||
                 std::any_of(ctx_.extracted_trees.begin(), ctx_.extracted_trees.end(),
                             [&](const auto& t) { return t.first == to; });
      if (!to.empty() && (own || (to[0] != '/' && to[0] != '~' && to[0] != kUnknownPart && to.rfind("..", 0) != 0)))
        ctx_.change_dir(std::move(to), own);
      else
        ctx_.cwd_not_followed = true;
    }
    return r;
  }
  if (kind == "kill" && name != "kill") {
    // pkill/killall of a security daemon (auditd, fail2ban, an EDR agent) switches it off
    for (size_t k : p.operands)
      if (is_security_unit(argv[k].text)) effect(Eff::security_off, "service", argv[k].text, name + " " + line);
    return r;
  }
  if (kind == "kill" || kind == "export" || kind == "write") return r;
  if (kind == "git") {
    // git -c http.sslVerify=false (or GIT_SSL_NO_VERIFY): the server's certificate is not checked
    static const RE2 no_verify("(?i)http\\.sslverify\\s*=\\s*(false|0|no|off)\\b");
    if (RE2::PartialMatch(line, no_verify)) effect(Eff::risky, "tls_noverify", name, name + " " + line);
    if (!p.operands.empty() && (argv[p.operands[0]].text == "clone" || argv[p.operands[0]].text == "pull"))
      effect(Eff::net_request, "GET", p.operands.size() > 1 ? argv[p.operands[1]].text : "", name + " " + line);
    // A push sends what was committed: the files written under the work tree
    // (git -C DIR, else the working directory) go to the remote.
    if (!p.operands.empty() && argv[p.operands[0]].text == "push") {
      auto dir = opt_value(argv, p, "-C");
      auto [taint, ev] = ctx_.written_under(ctx_.path(dir ? dir->text : "."));
      effect(Eff::net_send, "git", "", name + " " + line, taint, ev);
    }
    return r;
  }
  return r;
}

CommandResult Runner::shell(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec, int depth) {
  (void)depth;
  CommandResult r;
  std::string name = command_basename(argv[0].text);
  if (name == "busybox" && argv.size() > 1) {
    std::vector<Word> rest(argv.begin() + 1, argv.end());
    return run(rest, io, depth + 1);
  }
  Parsed p = parse_args(argv, &spec);
  uint32_t flags = kShellInterp | ((io.stdin_socket || io.stdout_socket) ? static_cast<uint32_t>(kStdioSocket) : 0u);
  // The code is the word after -c, or after a cluster holding c (-lc, -ec).
  size_t code_at = 0;
  for (size_t k = 1; k + 1 < argv.size() && !code_at; ++k)
    if (argv[k].text.size() > 1 && argv[k].text[0] == '-' && argv[k].text[1] != '-' &&
        argv[k].text.find('c') != std::string::npos)
      code_at = k + 1;
  auto code = opt_value(argv, p, "-c");
  if (!code && code_at) code = argv[code_at];
  if (code) {
    effect(Eff::exec, "interpreter", name, code->text, code_taint(*code), code->ev, flags);
    // sh -c CODE NAME ARGS...: NAME is the code's $0, ARGS its $1, $2 ...
    std::vector<Word> positional;
    std::optional<Word> dollar0;
    if (code_at && code_at + 1 < argv.size()) dollar0 = argv[code_at + 1];
    if (code_at && code_at + 2 <= argv.size())
      positional.assign(argv.begin() + static_cast<long>(code_at + 2), argv.end());
    // what the child shell prints is this command's output (Popen(["bash", "-c", ...]).stdout)
    // (and what it reads is this command's input: `while read f` over a list piped in)
    auto [printed, printed_ev] = ctx_.printed_by([&] {
      interpret_shell_script(code->text, ctx_, &site_, "in nested shell code", code->taint, code->ev,
                             std::move(positional), io, std::move(dollar0));
    });
    r.stdout_taint |= printed;
    if (r.stdout_ev < 0) r.stdout_ev = printed_ev;
    return r;
  }
  if (!p.operands.empty() && !takes_program_on_stdin(argv, spec, true)) {
    // A script file.
    const Word& f = argv[p.operands[0]];
    auto [ft, fev] = file_taint(f);
    uint32_t t = ft;
    if (f.text == "/dev/stdin" || f.text == "-") t |= io.stdin_taint;
    const int32_t ev = fev >= 0 ? fev : f.ev;  // (a lambda may not capture a structured binding in C++17)
    effect(Eff::exec, "interpreter", name, name + " " + join_words(argv, 1), t, ev, flags);
    auto [printed, printed_ev] = ctx_.printed_by([&] {
      run_written_script(f, false, t, ev, std::vector<Word>(argv.begin() + static_cast<long>(p.operands[0]) + 1, argv.end()),
                         io);
    });
    r.stdout_taint |= printed;
    if (r.stdout_ev < 0) r.stdout_ev = printed_ev;
    return r;
  }
  // Commands from stdin: an interactive shell.
  r.interactive_shell = true;
  r.stdout_taint = kShellIo;
  r.stdout_ev = ctx_.log.evidence(site_.line, site_.col, "runs an interactive shell (" + name + ")");
  effect(Eff::exec, "interpreter", name, io.stdin_known ? io.stdin_text : name + " " + join_words(argv, 1),
         io.stdin_taint, io.stdin_ev, flags);
  if (io.stdin_known) nested_shell(Word{io.stdin_text, io.stdin_taint, io.stdin_ev});
  return r;
}

CommandResult Runner::interpreter(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec,
                                  int depth) {
  CommandResult r;
  std::string name = command_basename(argv[0].text);
  Parsed p = parse_args(argv, &spec);
  bool python = spec.lang == "python";
  uint32_t flags = kShellInterp | ((io.stdin_socket || io.stdout_socket) ? static_cast<uint32_t>(kStdioSocket) : 0u);
  // python -m module
  if (auto m = opt_value(argv, p, "-m")) {
    if (m->text == "pip") {
      std::vector<Word> rest{Word{"pip", 0, -1}};
      for (size_t k = 1; k < argv.size(); ++k)
        if (&argv[k] != &*m && argv[k].text != "-m" && argv[k].text != "pip") rest.push_back(argv[k]);
      return run(rest, io, depth + 1);
    }
    if (m->text == "http.server" || m->text == "SimpleHTTPServer")
      effect(Eff::risky, "http_server", name, name + " " + join_words(argv, 1));
    return r;
  }
  if (name.rfind("powershell", 0) == 0 || name.rfind("pwsh", 0) == 0) {
    // -EncodedCommand BASE64: an encoded script.
    for (size_t k = 1; k + 1 < argv.size(); ++k) {
      std::string o = argv[k].text;
      std::transform(o.begin(), o.end(), o.begin(), ::tolower);
      if (o == "-e" || o == "-ec" || o == "-enc" || o == "-encodedcommand" || o == "-encoded") {
        int32_t ev = ctx_.log.evidence(site_.line, site_.col, "runs a base64-encoded PowerShell script");
        effect(Eff::exec, "interpreter", name, argv[k + 1].text, argv[k + 1].taint | kDecoded, ev, flags);
        return r;
      }
    }
    std::string script = join_words(argv, 1);
    uint32_t t = 0;
    int32_t ev = -1;
    for (size_t k = 1; k < argv.size(); ++k)
      if (argv[k].taint) t |= argv[k].taint, ev = ev < 0 ? argv[k].ev : ev;
    windows_effects(script, t, ev);
  }
  std::optional<Word> code = opt_value(argv, p, python ? "-c" : "-e");
  if (!code && !python) code = opt_value(argv, p, "-E");
  if (!code && name.rfind("php", 0) == 0) code = opt_value(argv, p, "-r");
  // awk's program is its first operand, unless it is read from a file (-f)
  if (!code && is_awk(name) && !p.has("-f") && !p.operands.empty()) code = argv[p.operands[0]];
  if (code) {
    const bool evaluates = evaluates_code(code->text);
    if (io.stdin_taint && takes_program_on_stdin(argv, spec, false)) {
      r.interactive_shell = true;
      effect(Eff::exec, "interpreter", name, name + " evaluating its stdin", io.stdin_taint, io.stdin_ev, flags);
    }
    if (python) {
      // What the program reads on stdin is what is piped in; what it prints
      // is this command's output (`printf '%s' "$rows" | python3 -c '...hex()'`).
      std::tie(r.stdout_taint, r.stdout_ev) = ctx_.printed_by(
          [&] { ctx_.with_program_stdin(io.stdin_taint, io.stdin_ev, [&] { nested_python(*code); }); });
      take_printed_text(r);
      effect(Eff::exec, "interpreter", name, code->text, code_taint(*code), code->ev, flags);
    } else {
      // Other languages: a reverse shell is a socket and a shell in one line.
      // (node's require("net"), awk's /inet/tcp special file and its |& coprocess commands)
      static const RE2 sock("(?i)(socket|fsockopen|tcpsocket|net\\.connect|io::socket|/dev/tcp|/inet6?/tcp/|require\\(\\s*[\"']net[\"']\\s*\\))");
      static const RE2 sh("(?i)(/bin/(ba|z|da)?sh|\\bsh -i|cmd\\.exe|exec\\s*\\(|spawn|popen|system\\s*\\(|\\|&\\s*getline)");
      // A one-line program that runs no command reads a socket piped into it
      // as data (`openssl s_client … | awk '/BEGIN/,/END/'` keeps a certificate).
      const bool runs_commands = evaluates || RE2::PartialMatch(code->text, sh);
      uint32_t f2 = runs_commands ? flags : flags & ~kStdioSocket;
      if (runs_commands && RE2::PartialMatch(code->text, sock)) f2 |= kStdioSocket;
      effect(Eff::exec, "interpreter", name, code->text, code_taint(*code), code->ev, f2);
      sent_by_one_liner(*code, flags);
      if (is_awk(name)) {
        for (const auto& line : awk_command_lines(code->text)) nested_shell(Word{line, code_taint(*code), code->ev});
        // `awk '$2 == "disk" {print $1}'` over lines of a shape: their first fields.
        // (`{print $1; exit}`: the first such line's)
        static const RE2 prints_first_field("\\{\\s*print\\s+\\$1\\s*(;\\s*exit\\s*)?;?\\s*\\}\\s*$");
        // `awk '{print "/dev/" $1}'`: whatever it reads, lines of that shape.
        static const RE2 prints_framed_field(
            "\\{\\s*print\\s+\"([^\"\\\\]*)\"\\s*\\$(?:\\d+|NF)\\s*(?:\"([^\"\\\\]*)\")?\\s*;?\\s*\\}\\s*$");
        std::string before, after;
        // Its input: the one file after its program (a system table's lines
        // have a known shape), else stdin.
        // Fields at the default separator only (no -F).
        const bool default_fields = std::none_of(argv.begin() + 1, argv.end(), [](const Word& w) {
          return w.text.rfind("-F", 0) == 0 || w.text.rfind("--field-separator", 0) == 0;
        });
        const std::string* table = p.operands.size() == 2 && default_fields ? table_lines(argv[p.operands[1]]) : nullptr;
        const bool shaped_stdin = p.operands.size() < 2 && default_fields && !io.stdin_known && is_partial(io.stdin_text);
        if ((table || shaped_stdin) && RE2::PartialMatch(code->text, prints_first_field)) {
          r.stdout_text = first_fields(table ? *table : io.stdin_text);
          r.stdout_taint = io.stdin_taint;
          r.stdout_ev = io.stdin_ev;
        } else if (RE2::PartialMatch(code->text, prints_framed_field, &before, &after) && !before.empty()) {
          r.stdout_text = before + kUnknownPart + after;
        }
        // What it prints is made of what it reads: the files after its program, else stdin.
        for (size_t k = 1; k < p.operands.size(); ++k) {
          auto [ft, fev] = file_taint(argv[p.operands[k]]);
          r.stdout_taint |= ft;
          if (r.stdout_ev < 0) r.stdout_ev = fev;
        }
        if (p.operands.size() < 2) {
          r.stdout_taint |= io.stdin_taint;
          if (r.stdout_ev < 0) r.stdout_ev = io.stdin_ev;
        }
      }
    }
    return r;
  }
  // awk -f FILE: the program is that file, the operands its data.
  std::optional<Word> awk_file = is_awk(name) ? opt_value(argv, p, "-f") : std::nullopt;
  if ((awk_file || !p.operands.empty()) && !takes_program_on_stdin(argv, spec, false)) {
    const Word& f = awk_file ? *awk_file : argv[p.operands[0]];
    auto [ft, fev] = file_taint(f);
    effect(Eff::exec, "interpreter", name, name + " " + join_words(argv, 1), ft, fev >= 0 ? fev : f.ev,
           flags & ~kShellInterp);
    if (python) {
      std::vector<Word> args;
      for (size_t k = 1; k < p.operands.size(); ++k) args.push_back(argv[p.operands[k]]);
      // What the script prints is this command's output (python3 collect.py > out.json).
      const uint32_t taint = ft;  // (a lambda may not capture a structured binding in C++17)
      const int32_t ev = fev >= 0 ? fev : f.ev;
      std::tie(r.stdout_taint, r.stdout_ev) = ctx_.printed_by([&] {
        ctx_.with_program_stdin(io.stdin_taint, io.stdin_ev,
                                [&] { run_written_script(f, true, taint, ev, std::move(args)); });
      });
      take_printed_text(r);
    }
    return r;
  }
  // Code on stdin.
  r.interactive_shell = true;
  r.stdout_taint = kShellIo;
  effect(Eff::exec, "interpreter", name, io.stdin_known ? io.stdin_text : name, io.stdin_taint, io.stdin_ev, flags);
  if (io.stdin_known && python) {
    // python3 - A B: A and B are its sys.argv[1:].
    std::vector<Word> args;
    for (size_t k = !p.operands.empty() && argv[p.operands[0]].text == "-" ? 1 : p.operands.size();
         k < p.operands.size(); ++k)
      args.push_back(argv[p.operands[k]]);
    // A program known whole, not a session: its output is what it prints.
    std::tie(r.stdout_taint, r.stdout_ev) =
        ctx_.printed_by([&] { nested_python(Word{io.stdin_text, io.stdin_taint, io.stdin_ev}, &args); });
    take_printed_text(r);
    r.interactive_shell = false;
  }
  return r;
}

void Runner::windows_effects(const std::string& text, uint32_t taint, int32_t ev) {
  for (auto& w : windows_script_effects(text)) {
    int32_t wev = ev;
    if (w.taint & kDownloaded)
      wev = ctx_.log.evidence(site_.line, site_.col, "downloads code and runs it: " + printable(text, 100));
    effect(w.kind, w.tag, w.target, text, taint | w.taint, wev);
  }
}

// reg, schtasks, vssadmin, wevtutil, netsh, certutil, bitsadmin, cmd: what
// their line does (windows_commands.cpp); a download names the file it
// writes, so running that file later runs the download; `cmd /c LINE` runs
// LINE in turn.
CommandResult Runner::windows(const std::vector<Word>& argv, const CommandIo& io, int depth) {
  CommandResult r;
  std::string name = command_basename(argv[0].text);
  std::string line = join_words(argv, 0);
  uint32_t t = 0;
  int32_t ev = -1;
  for (const auto& w : argv)
    if (w.taint) t |= w.taint, ev = ev < 0 ? w.ev : ev;
  windows_effects(line, t, ev);
  std::string lower = line;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  // `netsh wlan show profile NAME key=clear` prints the Wi-Fi password (nmcli -s's equivalent).
  if (name.rfind("netsh", 0) == 0 && lower.find("wlan") != std::string::npos && lower.find("key=clear") != std::string::npos) {
    r.stdout_taint = kSecretFile;
    r.stdout_ev = ctx_.log.evidence(site_.line, site_.col, "reads saved Wi-Fi passwords (netsh wlan key=clear)");
    effect(Eff::capture, "wifi_secrets", name, line, kSecretFile, r.stdout_ev);
  }
  bool download = lower.find("-urlcache") != std::string::npos || lower.find("/transfer") != std::string::npos;
  if (download && argv.size() > 2) {
    int32_t dev = ctx_.log.evidence(site_.line, site_.col, "downloads " + printable(argv[argv.size() - 2].text, 100));
    effect(Eff::file_write, "download", argv.back().text, line, kDownloaded, dev);
  }
  if (name.rfind("cmd", 0) == 0)
    for (size_t k = 1; k + 1 < argv.size(); ++k) {
      std::string o = argv[k].text;
      std::transform(o.begin(), o.end(), o.begin(), [](unsigned char c) { return std::tolower(c); });
      if (o == "/c" || o == "/k") return run(std::vector<Word>(argv.begin() + static_cast<long>(k) + 1, argv.end()), io, depth + 1);
    }
  return r;
}

CommandResult Runner::http(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec) {
  CommandResult r;
  std::string name = command_basename(argv[0].text);
  Parsed p = parse_args(argv, &spec);
  bool curl = name == "curl";
  std::vector<Word> urls;
  for (size_t k : p.operands) urls.push_back(argv[k]);
  if (auto u = opt_value(argv, p, "--url")) urls.push_back(*u);
  // ftp:// (or telnet://, tftp://) without TLS asked for: the login and the
  // files cross the network in clear, as ftplib's do.
  const bool tls_asked = p.has("--ssl-reqd") || p.has("--ftp-ssl") || p.has("--ssl") || p.has("--ftp-ssl-reqd");
  for (const auto& u : urls)
    if (!tls_asked && (starts(u.text, "ftp://") || starts(u.text, "tftp://") || starts(u.text, "telnet://")))
      effect(Eff::risky, "cleartext", u.text, name + " " + join_words(argv, 1));
  // The Unix socket the requests go through (the Docker engine's, for one):
  // what comes back is a local service's answer, not data from the network.
  bool local_socket = false;
  for (const char* o : {"--unix-socket", "--abstract-unix-socket"})
    if (auto sock = opt_value(argv, p, o); sock && curl) {
      effect(Eff::net_connect, "unix", sock->text, name + " " + join_words(argv, 1));
      local_socket = true;
    }
  const uint32_t received = local_socket ? kFileData : kDownloaded;
  // Data sent.
  uint32_t t = 0;
  int32_t ev = -1;
  std::string data_text;
  bool sends = false;
  auto add_data = [&](const Word& w) {
    sends = true;
    std::string v = w.text;
    // -F name=@file, -d @file, --data-binary @-
    size_t at = v.find('@');
    if (at != std::string::npos && (at == 0 || v[at - 1] == '=')) {
      std::string path = v.substr(at + 1);
      size_t semi = path.find(';');
      if (semi != std::string::npos) path = path.substr(0, semi);
      if (path == "-") {
        t |= io.stdin_taint;
        if (ev < 0) ev = io.stdin_ev;
      } else {
        auto [ft, fev] = file_taint(Word{path, w.taint, w.ev});
        t |= ft;
        if (ev < 0) ev = fev;
        effect(Eff::file_read, name, path, name);
      }
    }
    // -d @FILE sends the file, not its name: what labels the name (an
    // array's word carries the whole array's, a bearer token among them)
    // does not go out.
    if (at != 0) {
      t |= w.taint;
      if (ev < 0) ev = w.ev;
    }
    data_text += v + " ";
  };
  // wget's own: its -T is a timeout, -d debugging, -F a flag (curl's upload, data and form).
  static const std::vector<const char*> kWgetData = {"--post-data", "--post-file", "--body-file", "--body-data"};
  static const std::vector<const char*> kData = {
      "-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "--data-ascii", "-F", "--form", "-T",
      "--upload-file", "--json", "--post-data", "--post-file", "--body-file", "--body-data"};
  for (const char* o : name == "wget" ? kWgetData : kData) {
    // These name a file to send (`curl -T ~/.ssh/id_rsa`), as @file does for -d and -F.
    const bool names_file = !std::strcmp(o, "-T") || !std::strcmp(o, "--upload-file") ||
                            !std::strcmp(o, "--post-file") || !std::strcmp(o, "--body-file");
    auto send = [&](Word w) {
      if (names_file && w.text != "-" && w.text != "." && !w.text.empty() && w.text[0] != '@') w.text = "@" + w.text;
      add_data(w);
    };
    for (const auto& [k, v] : p.opts)
      if (k == o) {
        if (v) send(argv[v]);
        else if (auto w = opt_value(argv, p, o)) send(*w);
      }
  }
  if (name == "wget")
    if (auto pf = opt_value(argv, p, "--post-file")) {
      auto [ft, fev] = file_taint(*pf);
      t |= ft;
      if (ev < 0) ev = fev;
    }
  uint32_t auth = 0;
  int32_t auth_ev = -1;
  for (const auto& [k, v] : p.opts)
    if ((k == "-H" || k == "--header" || k == "-u" || k == "--user" || k == "--oauth2-bearer") && v) {
      auth |= argv[v].taint;
      if (auth_ev < 0) auth_ev = argv[v].ev;
    }
  std::string method = sends ? "POST" : "GET";
  if (auto x = opt_value(argv, p, "-X")) method = x->text;
  if (p.short_flag('k') && curl) effect(Eff::risky, "tls_noverify", name, name + " " + join_words(argv, 1));
  if (p.has("--insecure") || p.has("--no-check-certificate"))
    effect(Eff::risky, "tls_noverify", name, name + " " + join_words(argv, 1));
  // -T - (or -T .) uploads what arrives on stdin
  std::optional<Word> upload = opt_value(argv, p, "-T");
  if (!upload) upload = opt_value(argv, p, "--upload-file");
  if (io.stdin_taint && (p.has("-T") || p.has("--upload-file")) &&
      (!sends || (upload && (upload->text == "-" || upload->text == ".")))) {
    t |= io.stdin_taint;
    ev = io.stdin_ev;
  }
  if (urls.empty()) urls.push_back(Word{std::string(1, kUnknownPart), 0, -1});
  for (const auto& u : urls) {
    // A URL that is wholly a variable's value ("$DISCORD_WEBHOOK") is where
    // the request goes, as a Python request to os.environ["..."] is: the
    // host learns nothing of it that it does not hold. Parts of a URL built
    // around a secret (?token=$SECRET on a fixed host) are data sent.
    const bool whole_variable = u.text == std::string(1, kUnknownPart);
    uint32_t dt = t | (whole_variable ? 0u : u.taint) | auth;
    int32_t dev = ev >= 0 ? ev : u.ev >= 0 ? u.ev : auth_ev;
    // The key's own chain when only the authentication holds it (its name says where it belongs).
    if ((auth & kEnvSecret) && !((t | u.taint) & kEnvSecret) && auth_ev >= 0) dev = auth_ev;
    uint32_t flags = authentication_only(auth, t | u.taint) ? static_cast<uint32_t>(kAuthHeader) : 0u;
    effect(Eff::net_request, method, u.text, data_text.empty() ? name + " " + join_words(argv, 1) : data_text, dt,
           dev, flags, -1, u.taint, u.ev);
  }
  int32_t dl = ctx_.log.evidence(site_.line, site_.col, "downloads " + printable(urls[0].text, 100));
  // Where the download goes.
  std::optional<Word> out;
  if (curl) {
    out = opt_value(argv, p, "-o");
    if (!out) out = opt_value(argv, p, "--output");
    if (!out) out = cluster_value(argv, 'o');
    if (!out && (p.short_flag('O') || p.has("--remote-name"))) {
      std::string u = urls[0].text;
      out = Word{u.substr(u.rfind('/') + 1), 0, -1};
    }
  } else {
    out = opt_value(argv, p, "-O");
    if (!out) out = opt_value(argv, p, "--output-document");
    if (!out) out = cluster_value(argv, 'O');
    if (!out) {
      std::string u = urls[0].text;
      std::string base = u.substr(u.rfind('/') + 1);
      if (base.empty() || base.find(':') != std::string::npos) base = "index.html";
      std::string dir;
      if (auto d = opt_value(argv, p, "-P")) dir = d->text + "/";
      out = Word{dir + base, 0, -1};
    }
  }
  if (out && out->text != "-") {
    effect(Eff::file_write, "download", out->text, "downloaded from " + urls[0].text, received, dl, 0, -1,
           out->taint, out->ev);
  } else {
    r.stdout_taint = received;
    r.stdout_ev = dl;
  }
  return r;
}

CommandResult Runner::netcat(const std::vector<Word>& argv, const CommandIo& io, const CommandSpec& spec) {
  CommandResult r;
  std::string name = command_basename(argv[0].text);
  Parsed p = parse_args(argv, &spec);
  std::string line = join_words(argv, 1);
  bool listen = p.short_flag('l') || p.has("--listen");
  std::string host, port;
  if (name == "socat") {
    // socat ADDR1 ADDR2: exec:/system: with tcp:/udp:/openssl:
    bool shell = false, net = false, from_stdin = false;
    for (size_t k : p.operands) {
      std::string w = argv[k].text;
      std::string lw = w;
      std::transform(lw.begin(), lw.end(), lw.begin(), ::tolower);
      std::string kind_of = lw.substr(0, lw.find_first_of(":,"));
      if (kind_of == "-" || kind_of == "stdin" || kind_of == "stdio") from_stdin = true;
      if (starts(lw, "exec:") || starts(lw, "system:")) {
        std::string prog = w.substr(w.find(':') + 1);
        prog = prog.substr(0, prog.find_first_of(", "));
        if (ctx_.lib.is_shell(command_basename(prog.substr(0, prog.find(' '))))) shell = true;
      }
      if (starts(lw, "tcp") || starts(lw, "udp") || starts(lw, "openssl") || starts(lw, "ssl")) {
        net = true;
        host = w.substr(w.find(':') + 1);
        host = host.substr(0, host.find(','));  // the address's options (verify=0, fork)
        if (starts(lw, "tcp-listen") || starts(lw, "tcp4-listen")) listen = true;
      }
    }
    if (net) effect(listen ? Eff::net_listen : Eff::net_connect, name, host, name + " " + line);
    if (shell && net)
      effect(Eff::exec, "interpreter", "sh", name + " " + line, 0, -1, kShellInterp | kStdioSocket);
    // socat - TCP:host:port (or STDIN, STDIO): what it reads goes to the network.
    if (net && from_stdin && !listen && (io.stdin_taint || io.stdin_known))
      effect(Eff::net_send, "raw", host, io.stdin_known ? io.stdin_text : name + " " + line, io.stdin_taint,
             io.stdin_ev);
    r.network = net;
    r.stdout_taint = kDownloaded;
    return r;
  }
  if (name == "openssl") {
    if (auto c = opt_value(argv, p, "-connect")) host = c->text;
  } else {
    std::vector<std::string> ops;
    for (size_t k : p.operands) ops.push_back(argv[k].text);
    if (!ops.empty()) host = ops[0];
    if (ops.size() > 1) port = ops[1];
    if (listen && ops.size() == 1 && !ops[0].empty() && std::isdigit(static_cast<unsigned char>(ops[0][0])))
      port = ops[0], host = "";
    if (auto lp = opt_value(argv, p, "-p")) port = lp->text;
  }
  std::string endpoint = port.empty() ? host : host + ":" + port;
  effect(listen ? Eff::net_listen : Eff::net_connect, name, listen && host.empty() ? "0.0.0.0:" + port : endpoint,
         name + " " + line);
  // -e PROG / -c CMD: the program's stdio is the connection (openssl's
  // options are whole words: -connect holds no -c).
  std::optional<Word> prog;
  if (name != "openssl") prog = opt_value(argv, p, "-e");
  if (!prog && name != "openssl") prog = opt_value(argv, p, "-c");
  if (!prog) prog = opt_value(argv, p, "--exec");
  if (!prog) prog = opt_value(argv, p, "--sh-exec");
  if (prog) {
    std::string pn = command_basename(prog->text.substr(0, prog->text.find(' ')));
    effect(Eff::exec, "interpreter", pn, name + " " + line, prog->taint, prog->ev,
           kStdioSocket | (ctx_.lib.is_shell(pn) ? static_cast<uint32_t>(kShellInterp) : 0u));
  }
  if (io.stdin_taint || io.stdin_known)
    effect(Eff::net_send, "raw", endpoint, io.stdin_known ? io.stdin_text : name + " " + line, io.stdin_taint,
           io.stdin_ev);
  r.network = true;
  r.stdout_taint = kDownloaded;
  r.stdout_ev = ctx_.log.evidence(site_.line, site_.col, "receives data from " + printable(endpoint));
  return r;
}

}  // namespace

CommandResult run_command(const std::vector<Word>& argv, const CommandIo& io, Ctx& ctx, const Site& site) {
  Runner r(ctx, site);
  return r.run(argv, io, 0);
}

bool run_windows_line(std::string_view line, Ctx& ctx, const Site& site, uint32_t taint, int32_t ev) {
  std::vector<Word> argv;
  std::string cur;
  bool quoted = false, any = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\n')) {
      if (any || !cur.empty()) argv.push_back(Word{cur, taint, ev});
      cur.clear();
      any = false;
    } else {
      cur += c;
    }
  }
  if (any || !cur.empty()) argv.push_back(Word{cur, taint, ev});
  if (argv.empty()) return false;
  std::string name = command_basename(argv[0].text);
  name = name.substr(name.rfind('\\') == std::string::npos ? 0 : name.rfind('\\') + 1);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".exe") == 0) name.resize(name.size() - 4);
  if (name != "powershell" && name != "pwsh" && name != "cmd") return false;
  argv[0].text = name;
  run_command(argv, CommandIo{}, ctx, site);
  return true;
}

}  // namespace mai::assess
