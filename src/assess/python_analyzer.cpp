#include "assess/python_analyzer.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include "assess/payload_decoder.hpp"
#include "assess/python_tokenizer.hpp"
#include "assess/rules.hpp"

namespace mai::assess {
namespace {

using py::Tok;
using py::Token;

constexpr size_t kMaxString = 1u << 20;  // constant propagation stops growing strings here
constexpr size_t kMaxItems = 4096;
constexpr int kMaxDepth = 120;

struct Value {
  enum Kind : uint8_t { unknown, str, num, ref, seq, bound, map };  // map: items are k0, v0, k1, v1...
  Kind kind = unknown;
  bool bytes = false;
  std::string s;  // str: content; num: source text; ref: qualified name; bound: method
  long long n = 0;
  std::vector<Value> items;  // seq: elements; bound: the receiver
  uint32_t flags = 0;

  static Value Str(std::string v, uint32_t f = 0, bool b = false) {
    Value x;
    x.kind = str;
    x.s = std::move(v);
    x.flags = f;
    x.bytes = b;
    return x;
  }
  static Value Ref(std::string q, uint32_t f = 0) {
    Value x;
    x.kind = ref;
    x.s = std::move(q);
    x.flags = f;
    return x;
  }
  static Value Num(long long v, std::string text = {}) {
    Value x;
    x.kind = num;
    x.n = v;
    x.s = text.empty() ? std::to_string(v) : std::move(text);
    return x;
  }
  static Value Unknown(uint32_t f = 0) {
    Value x;
    x.flags = f;
    return x;
  }
  bool is_str() const { return kind == str; }
};

const std::unordered_set<std::string_view>& builtins() {
  static const std::unordered_set<std::string_view> b = {
      "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray",
      "bytes", "callable", "chr", "classmethod", "compile", "complex", "delattr", "dict", "dir",
      "divmod", "enumerate", "eval", "exec", "filter", "float", "format", "frozenset",
      "getattr", "globals", "hasattr", "hash", "help", "hex", "id", "input", "int",
      "isinstance", "issubclass", "iter", "len", "list", "locals", "map", "max", "memoryview",
      "min", "next", "object", "oct", "open", "ord", "pow", "print", "property", "range",
      "repr", "reversed", "round", "set", "setattr", "slice", "sorted", "staticmethod", "str",
      "sum", "super", "tuple", "type", "vars", "zip", "__import__", "execfile", "reload",
      "raw_input", "unicode", "file"};
  return b;
}

std::string shell_quote(const std::string& w) {
  if (!w.empty() && w.find_first_of(" \t\n'\"\\$`|&;<>(){}*?[]#~") == std::string::npos) return w;
  std::string out = "'";
  for (char c : w) {
    if (c == '\'') out += "'\\''";
    else out.push_back(c);
  }
  return out + "'";
}

long long parse_int(std::string_view t, bool& ok) {
  std::string s;
  for (char c : t)
    if (c != '_') s.push_back(c);
  ok = false;
  if (s.empty()) return 0;
  int base = 10;
  size_t start = 0;
  if (s.size() > 1 && s[0] == '0') {
    char p = static_cast<char>(s[1] | 0x20);
    if (p == 'x') base = 16, start = 2;
    else if (p == 'o') base = 8, start = 2;
    else if (p == 'b') base = 2, start = 2;
  }
  char* end = nullptr;
  long long v = std::strtoll(s.c_str() + start, &end, base);
  ok = end && *end == '\0';
  return v;
}

// Items of a seq or the characters of a str, for iteration.
bool iterate(const Value& v, std::vector<Value>& out) {
  if (v.kind == Value::seq) {
    out = v.items;
    return true;
  }
  if (v.kind == Value::str && v.s.size() <= kMaxItems) {
    for (char c : v.s) {
      if (v.bytes) out.push_back(Value::Num(static_cast<unsigned char>(c)));
      else out.push_back(Value::Str(std::string(1, c), v.flags));
    }
    return true;
  }
  return false;
}

constexpr uint16_t opcode(std::string_view op) {
  return static_cast<uint16_t>(static_cast<unsigned char>(op[0]) |
                               (op.size() > 1 ? static_cast<unsigned char>(op[1]) << 8 : 0));
}

inline bool eq(std::string_view a, std::string_view b) {
  return a.size() == b.size() && !a.empty() && a[0] == b[0] && (a.size() == 1 || a == b);
}

const std::unordered_set<std::string>& special_calls() {
  static const std::unordered_set<std::string> s = {
      "base64.a85decode",
      "base64.b16decode",
      "base64.b32decode",
      "base64.b64decode",
      "base64.b85decode",
      "base64.decodebytes",
      "base64.decodestring",
      "base64.standard_b64decode",
      "base64.urlsafe_b64decode",
      "binascii.a2b_base64",
      "binascii.a2b_hex",
      "binascii.unhexlify",
      "builtins.__import__",
      "builtins.bytearray",
      "builtins.bytearray.fromhex",
      "builtins.bytes",
      "builtins.bytes.fromhex",
      "builtins.chr",
      "builtins.compile",
      "builtins.getattr",
      "builtins.globals",
      "builtins.list",
      "builtins.locals",
      "builtins.map",
      "builtins.ord",
      "builtins.repr",
      "builtins.reversed",
      "builtins.str",
      "builtins.tuple",
      "builtins.vars",
      "bytearray.fromhex",
      "bytes.fromhex",
      "bz2.decompress",
      "codecs.decode",
      "codecs.encode",
      "gzip.decompress",
      "importlib.__import__",
      "importlib.import_module",
      "lzma.decompress",
      "marshal.loads",
      "os.fork",
      "os.forkpty",
      "os.path.expanduser",
      "os.path.join",
      "pty.fork",
      "zlib.decompress"};
  return s;
}

struct Loc {
  uint32_t line, col;
};
Loc loc(const Token& t) { return {t.line, t.col}; }

class PyAnalyzer {
 public:
  PyAnalyzer(std::string_view src, Analysis& a) : src_(src), a_(a) {}

  void run() {
    {
      py::Tokens t = py::tokenize(src_, 1, 1);
      toks_ = std::move(t.toks);
      lits_ = std::move(t.lits);
    }
    i_ = 0;
    while (i_ < toks_.size()) {
      if (a_.observations().size() > Analysis::kMaxObservations) return;
      const Token& t = toks_[i_];
      if (t.kind == Tok::newline || is_op_at(i_, ";")) {
        ++i_;
        continue;
      }
      if (t.first)
        while (!blocks_.empty() && blocks_.back().indent >= t.indent) pop_block();
      end_ = stmt_end(i_);
      statement(t.first ? t.indent : (blocks_.empty() ? 0 : blocks_.back().indent + 1), 0);
      finish();
    }
  }

 private:
  struct Block {
    int indent;
    bool loop;
    std::string func;  // a def's name: its parameters are bound while it lasts
    std::vector<std::pair<std::string, std::optional<Value>>> restore;
    std::string cls;   // a class body: defs in it are its methods
  };
  // What a local function does with its parameters: the calls it passes them
  // to (re-applied with the actual arguments at each call site) and its result.
  struct FuncInfo {
    std::vector<std::string> params;
    struct Sink {
      std::string q;
      std::vector<Value> args;
      std::vector<std::pair<std::string, Value>> kws;
    };
    std::vector<Sink> sinks;
    std::optional<Value> ret;
    uint32_t ret_flags = 0;
  };

  void pop_block() {
    Block& b = blocks_.back();
    for (auto& [name, old] : b.restore) {
      if (old) env_[name] = std::move(*old);
      else env_.erase(name);
    }
    blocks_.pop_back();
    cur_func_.clear();
    for (auto it = blocks_.rbegin(); it != blocks_.rend(); ++it)
      if (!it->func.empty()) {
        cur_func_ = it->func;
        break;
      }
  }

  // Binds parameters `names` of function `fn` to placeholders; returns what to restore.
  std::vector<std::pair<std::string, std::optional<Value>>> bind_params(const std::string& fn,
                                                                        const std::vector<std::string>& names) {
    std::vector<std::pair<std::string, std::optional<Value>>> restore;
    for (size_t k = 0; k < names.size(); ++k) {
      auto it = env_.find(names[k]);
      restore.emplace_back(names[k], it == env_.end() ? std::nullopt : std::optional<Value>(it->second));
      env_[names[k]] = Value::Ref("<param:" + fn + ":" + std::to_string(k) + ">");
    }
    return restore;
  }

  // Parameter names up to the closing `close` (")" for def, ":" for lambda).
  std::vector<std::string> params_until(std::string_view close) {
    std::vector<std::string> names;
    int depth = 0;
    bool want = true;
    while (!at_end()) {
      if (depth == 0 && is_op(close)) break;
      if (is_op("(") || is_op("[") || is_op("{")) ++depth;
      else if ((is_op(")") || is_op("]") || is_op("}")) && depth > 0) --depth;
      else if (depth == 0 && is_op(",")) want = true;
      else if (depth == 0 && want && is_name()) {
        names.emplace_back(tx(cur()));
        want = false;
      } else if (depth == 0 && !is_op("*") && !is_op("**") && !is_op("/")) {
        want = false;
      }
      ++i_;
    }
    return names;
  }

  // ---- token helpers ----
  const Token& cur() const {
    static const Token sentinel = [] {
      Token t;
      t.kind = Tok::newline;
      return t;
    }();
    return i_ < end_ ? toks_[i_] : sentinel;
  }
  std::string_view tx(const Token& t) const {
    return t.normalized ? std::string_view(lits_[t.lit].value) : src_.substr(t.begin, t.end - t.begin);
  }
  bool at_end() const { return i_ >= end_; }
  bool is_op(std::string_view op) const {
    if (i_ >= end_) return false;
    const Token& t = toks_[i_];
    return t.kind == Tok::op && t.op == opcode(op) && t.end - t.begin == op.size();
  }
  bool is_op_at(size_t j, std::string_view op) const {
    if (j >= toks_.size()) return false;
    const Token& t = toks_[j];
    return t.kind == Tok::op && t.op == opcode(op) && t.end - t.begin == op.size();
  }
  bool is_kw(std::string_view kw) const {
    return i_ < end_ && toks_[i_].kind == Tok::name && toks_[i_].keyword && eq(tx(toks_[i_]), kw);
  }
  bool is_name() const {
    return i_ < end_ && toks_[i_].kind == Tok::name && !toks_[i_].keyword;
  }
  size_t stmt_end(size_t j) const {
    int depth = 0;
    for (; j < toks_.size(); ++j) {
      const Token& t = toks_[j];
      if (t.kind == Tok::newline) break;
      if (t.kind == Tok::op) {
        auto o = tx(t);
        if (o == "(" || o == "[" || o == "{") ++depth;
        else if ((o == ")" || o == "]" || o == "}") && depth > 0) --depth;
        else if (o == ";" && depth == 0) break;
      }
    }
    return j;
  }
  // Parses whatever is left of the statement so every call in it is seen.
  void finish() {
    while (i_ < end_) {
      size_t before = i_;
      test();
      if (i_ == before) ++i_;
    }
  }
  void skip_to_colon() {
    int depth = 0;
    while (i_ < end_) {
      auto o = toks_[i_].kind == Tok::op ? tx(toks_[i_]) : std::string_view();
      if (o == "(" || o == "[" || o == "{") ++depth;
      if ((o == ")" || o == "]" || o == "}") && depth > 0) --depth;
      if (o == ":" && depth == 0) return;
      ++i_;
    }
  }

  // ---- observations ----
  void emit_call(const std::string& q, const std::vector<Value>& args,
                 const std::vector<std::pair<std::string, Value>>& kws, uint32_t flags,
                 const Loc& at) {
    Observation o;
    o.kind = ObsKind::call;
    o.name = q;
    o.flags = flags;
    o.line = at.line;
    o.col = at.col;
    for (size_t k = 0; k < args.size(); ++k) {
      o.args.push_back(render(args[k]));
      if (k < 32 && (args[k].flags & kPartial)) o.partial_args |= 1u << k;
    }
    for (const auto& [k, v] : kws) o.keywords.emplace_back(k, render(v));
    a_.add(std::move(o));
  }
  std::optional<std::string> render(const Value& v) const {
    switch (v.kind) {
      case Value::str: return v.s;
      case Value::num: return v.s;
      case Value::ref: return "<ref:" + v.s + ">";
      case Value::seq: {
        std::string out;
        for (const auto& it : v.items) {
          auto r = argv_word(it);
          if (!out.empty()) out.push_back(' ');
          out += shell_quote(r ? *r : std::string("?"));
        }
        return out;
      }
      default: return std::nullopt;
    }
  }
  std::optional<std::string> argv_word(const Value& v) const {
    if (v.kind == Value::str || v.kind == Value::num) return v.s;
    if (v.kind == Value::ref && v.s == "sys.executable") return std::string("python3");
    return std::nullopt;
  }
  void emit_simple(ObsKind kind, std::string name, const Loc& at, std::string text = {}) {
    Observation o;
    o.kind = kind;
    o.name = std::move(name);
    o.text = std::move(text);
    o.line = at.line;
    o.col = at.col;
    a_.add(std::move(o));
  }

  // ---- statements ----
  void statement(int indent, int nest) {
    if (at_end() || nest > 20) return;
    const Token& t = cur();
    if (t.kind == Tok::string) {  // a docstring or bare string: nothing to see
      size_t j = i_;
      while (j < end_ && toks_[j].kind == Tok::string) ++j;
      if (j == end_) {
        i_ = end_;
        return;
      }
    }
    if (t.kind == Tok::op && tx(t) == "@") {
      ++i_;
      test();
      return;
    }
    if (t.kind != Tok::name) {
      expression_statement();
      return;
    }
    auto w = tx(t);
    if (!t.keyword && w != "print") {  // the common case: an expression or assignment
      expression_statement();
      return;
    }
    if (w == "import") return import_stmt();
    if (w == "from") return from_stmt();
    if (w == "async") {
      ++i_;
      return statement(indent, nest + 1);
    }
    if (w == "def") {
      ++i_;
      if (!is_name()) {
        skip_to_colon();
        return block_body(indent, false, nest);
      }
      std::string name(tx(cur()));
      ++i_;
      std::vector<std::string> params;
      if (is_op("(")) {
        ++i_;
        params = params_until(")");
      }
      std::string self;
      if (!blocks_.empty() && !blocks_.back().cls.empty()) {  // a method: C.name, self bound to an instance
        std::string cls = blocks_.back().cls;
        name = cls + "." + name;
        if (!params.empty()) {
          self = params.front();
          params.erase(params.begin());
        }
        self = self.empty() ? self : self + "\n" + cls;
      } else {
        env_[name] = Value::Ref("<func:" + name + ">");
      }
      FuncInfo info;
      info.params = params;
      funcs_[name] = std::move(info);
      Block b{indent, false, name, bind_params(name, params), {}};
      if (!self.empty()) {
        std::string self_name = self.substr(0, self.find('\n'));
        auto it = env_.find(self_name);
        b.restore.emplace_back(self_name, it == env_.end() ? std::nullopt : std::optional<Value>(it->second));
        env_[self_name] = Value::Ref("<class:" + self.substr(self.find('\n') + 1) + ">()");
      }
      skip_to_colon();
      if (is_op(":")) ++i_;
      blocks_.push_back(std::move(b));
      cur_func_ = name;
      if (!at_end()) {  // a body on the same line
        statement(indent + 1, nest + 1);
        finish();
      }
      return;
    }
    if (w == "class") {
      ++i_;
      std::string name = is_name() ? std::string(tx(cur())) : std::string();
      if (!name.empty()) env_[name] = Value::Ref("<class:" + name + ">");
      ++i_;
      if (is_op("(")) collection(")");  // the bases may be calls
      skip_to_colon();
      if (is_op(":")) ++i_;
      blocks_.push_back(Block{indent, false, {}, {}, name});
      if (!at_end()) {
        statement(indent + 1, nest + 1);
        finish();
      }
      return;
    }
    if (w == "if" || w == "elif" || w == "while") {
      ++i_;
      test();
      skip_to_colon();
      return block_body(indent, w == "while", nest);
    }
    if (w == "else" || w == "try" || w == "finally") {
      ++i_;
      skip_to_colon();
      return block_body(indent, false, nest);
    }
    if (w == "except") {
      ++i_;
      if (!is_op(":")) test();
      if (is_kw("as")) {
        ++i_;
        if (is_name()) env_[std::string(tx(cur()))] = Value::Unknown();
      }
      skip_to_colon();
      return block_body(indent, false, nest);
    }
    if (w == "for") {
      ++i_;
      std::vector<std::string> names;
      while (!at_end() && !is_kw("in")) {
        if (is_name()) names.emplace_back(tx(cur()));
        ++i_;
      }
      ++i_;  // in
      test_list();
      for (const auto& n : names) env_[n] = Value::Unknown();
      skip_to_colon();
      return block_body(indent, false, nest);
    }
    if (w == "with") {
      ++i_;
      while (!at_end() && !is_op(":")) {
        size_t before = i_;
        Value v = test();
        if (is_kw("as")) {
          ++i_;
          if (is_name()) {
            env_[std::string(tx(cur()))] = v;
            ++i_;
          }
        }
        if (is_op(",")) ++i_;
        else if (i_ == before) ++i_;
      }
      return block_body(indent, false, nest);
    }
    if (w == "return" || w == "yield" || w == "raise" || w == "assert" || w == "del" ||
        w == "global" || w == "nonlocal" || w == "print" || w == "await") {
      if (w == "print" && is_op_at(i_ + 1, "(")) return expression_statement();
      ++i_;
      if (w == "global" || w == "nonlocal") {
        i_ = end_;
        return;
      }
      Value v = test_list();
      if (w == "return" && !cur_func_.empty()) {
        auto it = funcs_.find(cur_func_);
        if (it != funcs_.end()) {
          it->second.ret_flags |= v.flags;
          if (!it->second.ret) it->second.ret = std::move(v);
        }
      }
      return;
    }
    if (w == "pass" || w == "break" || w == "continue") {
      ++i_;
      return;
    }
    expression_statement();
  }

  void block_body(int indent, bool loop, int nest) {
    if (is_op(":")) ++i_;
    blocks_.push_back(Block{indent, loop, {}, {}, {}});
    if (!at_end()) {  // a body on the same line
      statement(indent + 1, nest + 1);
      finish();
    }
  }

  std::string dotted() {
    std::string name;
    while (!at_end()) {
      if (cur().kind == Tok::name && !is_kw("as") && !is_kw("import")) {
        name += tx(cur());
        ++i_;
      } else if (is_op(".") || is_op("...")) {
        name += tx(cur());
        ++i_;
      } else {
        break;
      }
    }
    return name;
  }

  void import_stmt() {
    const Loc at = loc(cur());
    ++i_;
    while (!at_end()) {
      std::string mod = dotted();
      if (mod.empty()) {
        ++i_;
        continue;
      }
      emit_simple(ObsKind::import_module, mod, at);
      if (is_kw("as")) {
        ++i_;
        if (is_name()) {
          env_[std::string(tx(cur()))] = Value::Ref(mod);
          ++i_;
        }
      } else {
        std::string top = mod.substr(0, mod.find('.'));
        env_[top] = Value::Ref(top);
      }
      if (is_op(",")) ++i_;
      else break;
    }
  }

  void from_stmt() {
    const Loc at = loc(cur());
    ++i_;
    std::string mod = dotted();
    if (!is_kw("import")) return;
    ++i_;
    emit_simple(ObsKind::import_module, mod, at);
    if (is_op("*")) {
      ++i_;
      star_ = mod;
      return;
    }
    while (!at_end()) {
      if (is_op("(") || is_op(")") || is_op(",")) {
        ++i_;
        continue;
      }
      if (!is_name()) {
        ++i_;
        continue;
      }
      std::string name(tx(cur()));
      ++i_;
      std::string bind = name;
      if (is_kw("as")) {
        ++i_;
        if (is_name()) {
          bind = std::string(tx(cur()));
          ++i_;
        }
      }
      std::string q = mod.empty() || mod.back() == '.' ? mod + name : mod + "." + name;
      env_[bind] = Value::Ref(q);
    }
  }

  void expression_statement() {
    // Find assignment operators at bracket depth 0.
    std::vector<size_t> eqs;
    size_t aug = 0;
    int depth = 0;
    for (size_t j = i_; j < end_; ++j) {
      const Token& t = toks_[j];
      if (t.kind == Tok::name && tx(t) == "lambda" && depth == 0) break;
      if (t.kind != Tok::op) continue;
      auto o = tx(t);
      if (o == "(" || o == "[" || o == "{") ++depth;
      else if ((o == ")" || o == "]" || o == "}") && depth > 0) --depth;
      else if (depth == 0 && o == "=") eqs.push_back(j);
      else if (depth == 0 && o.size() >= 2 && o.back() == '=' && o != "==" && o != "!=" &&
               o != "<=" && o != ">=" && eqs.empty() && !aug)
        aug = j;
    }
    // Annotated assignment: name ':' annotation ['=' value]
    if (eqs.empty() && !aug && is_name() && is_op_at(i_ + 1, ":")) {
      i_ = end_;
      return;
    }
    if (aug && eqs.empty()) {
      size_t start = i_;
      i_ = aug + 1;
      Value v = test_list();
      if (aug == start + 1 && toks_[start].kind == Tok::name) {
        std::string name(tx(toks_[start]));
        auto it = env_.find(name);
        if (tx(toks_[aug]) == "+=" && it != env_.end() && it->second.is_str() && v.is_str() &&
            it->second.s.size() + v.s.size() < kMaxString)
          it->second = Value::Str(it->second.s + v.s, it->second.flags | v.flags);
        else
          env_[name] = Value::Unknown(v.flags | (it != env_.end() ? it->second.flags : 0));
      }
      return;
    }
    if (eqs.empty()) {
      test_list();
      return;
    }
    size_t start = i_;
    size_t saved_end = end_;
    i_ = eqs.back() + 1;
    Value v = test_list();
    size_t after = i_;
    size_t seg = start;
    for (size_t e : eqs) {
      bind_target(seg, e, v);
      seg = e + 1;
    }
    end_ = saved_end;
    i_ = std::max(after, i_);
  }

  void bind_target(size_t b, size_t e, const Value& v) {
    std::vector<std::string> names;
    bool simple = true;
    for (size_t j = b; j < e; ++j) {
      const Token& t = toks_[j];
      if (t.kind == Tok::name && !t.keyword) names.emplace_back(tx(t));
      else if (t.kind == Tok::op && (tx(t) == "," || tx(t) == "(" || tx(t) == ")" ||
                                     tx(t) == "[" || tx(t) == "]" || tx(t) == "*"))
        continue;
      else simple = false;
    }
    if (!simple) {  // attribute or subscript target: evaluate it for calls only
      size_t saved_i = i_, saved_end = end_;
      i_ = b;
      end_ = e;
      finish();
      i_ = saved_i;
      end_ = saved_end;
      return;
    }
    if (names.size() == 1 && !(e - b > 1 && is_op_at(e - 1, ","))) {
      env_[names[0]] = v;
      return;
    }
    std::vector<Value> items;
    bool ok = iterate(v, items) && items.size() == names.size();
    for (size_t k = 0; k < names.size(); ++k) env_[names[k]] = ok ? items[k] : Value::Unknown(v.flags);
  }

  // ---- expressions ----
  Value test_list() {
    Value v = test();
    if (!is_op(",")) return v;
    Value t;
    t.kind = Value::seq;
    t.items.push_back(std::move(v));
    while (is_op(",")) {
      ++i_;
      if (at_end() || is_op("=") || is_op(")")) break;
      t.items.push_back(test());
      t.flags |= t.items.back().flags;
    }
    return t;
  }

  Value test() {
    if (depth_ > kMaxDepth) {
      ++i_;
      return Value::Unknown();
    }
    ++depth_;
    Value v = test_inner();
    --depth_;
    return v;
  }

  Value test_inner() {
    if (is_kw("lambda")) {
      ++i_;
      std::string name = "lambda#" + std::to_string(++lambdas_);
      auto params = params_until(":");
      if (is_op(":")) ++i_;
      FuncInfo info;
      info.params = params;
      funcs_[name] = std::move(info);
      auto restore = bind_params(name, params);
      std::string saved = cur_func_;
      cur_func_ = name;
      Value body = test();
      cur_func_ = saved;
      for (auto& [n, old] : restore) {
        if (old) env_[n] = std::move(*old);
        else env_.erase(n);
      }
      auto& fi = funcs_[name];
      fi.ret_flags |= body.flags;
      fi.ret = std::move(body);
      return Value::Ref("<func:" + name + ">");
    }
    if (is_kw("yield") || is_kw("await")) {
      ++i_;
      if (is_kw("from")) ++i_;
      return test();
    }
    Value v = binary(0);
    if (is_kw("if")) {
      ++i_;
      binary(0);
      if (is_kw("else")) {
        ++i_;
        Value other = test();
        return Value::Unknown(v.flags | other.flags);
      }
    }
    return v;
  }

  static int level_of(std::string_view o, bool name) {
    if (name) {
      if (o == "or") return 0;
      if (o == "and") return 1;
      if (o == "in" || o == "is" || o == "not") return 3;
      return -1;
    }
    if (o == "<" || o == ">" || o == "==" || o == ">=" || o == "<=" || o == "!=") return 3;
    if (o == "|") return 4;
    if (o == "^") return 5;
    if (o == "&") return 6;
    if (o == "<<" || o == ">>") return 7;
    if (o == "+" || o == "-") return 8;
    if (o == "*" || o == "/" || o == "//" || o == "%" || o == "@") return 9;
    return -1;
  }

  Value binary(int min_level) {
    Value left;
    if (min_level <= 2 && is_kw("not")) {
      ++i_;
      Value x = binary(3);
      return Value::Unknown(x.flags);
    }
    left = unary();
    while (!at_end()) {
      const Token& t = cur();
      if (t.kind != Tok::op && t.kind != Tok::name) break;
      auto o = tx(t);
      int lvl = level_of(o, t.kind == Tok::name);
      if (lvl < min_level || lvl < 0) break;
      ++i_;
      if (o == "not" && is_kw("in")) ++i_;
      if (o == "is" && is_kw("not")) ++i_;
      Value right = binary(lvl + 1);
      left = fold(o, left, right);
    }
    return left;
  }

  Value unary() {
    if (is_op("-") || is_op("+") || is_op("~")) {
      bool neg = is_op("-");
      ++i_;
      Value v = unary();
      if (v.kind == Value::num && neg) return Value::Num(-v.n);
      return v.kind == Value::num ? v : Value::Unknown(v.flags);
    }
    if (is_kw("await")) ++i_;
    Value v = primary();
    if (is_op("**")) {
      ++i_;
      Value e = unary();
      return Value::Unknown(v.flags | e.flags);
    }
    return v;
  }

  Value fold(std::string_view o, const Value& l, const Value& r) {
    uint32_t f = l.flags | r.flags;
    if (o == "+") {
      if (l.is_str() && r.is_str() && l.s.size() + r.s.size() < kMaxString)
        return Value::Str(l.s + r.s, f, l.bytes);
      // A string plus something unknown: keep what is known, mark the rest.
      if (l.is_str() && (r.kind == Value::unknown || r.kind == Value::ref) && l.s.size() < kMaxString)
        return Value::Str(l.s + kUnknownPart, f | kPartial, l.bytes);
      if (r.is_str() && (l.kind == Value::unknown || l.kind == Value::ref) && r.s.size() < kMaxString)
        return Value::Str(kUnknownPart + r.s, f | kPartial, r.bytes);
      if (l.kind == Value::num && r.kind == Value::num) return Value::Num(l.n + r.n);
      if (l.kind == Value::seq && r.kind == Value::seq) {
        Value s = l;
        s.items.insert(s.items.end(), r.items.begin(), r.items.end());
        s.flags = f;
        return s;
      }
    } else if (o == "-" && l.kind == Value::num && r.kind == Value::num) {
      return Value::Num(l.n - r.n);
    } else if (o == "^" && l.kind == Value::num && r.kind == Value::num) {
      return Value::Num(l.n ^ r.n);
    } else if (o == "*") {
      if (l.is_str() && r.kind == Value::num && r.n >= 0 && l.s.size() * static_cast<size_t>(r.n) < 65536) {
        std::string s;
        for (long long k = 0; k < r.n; ++k) s += l.s;
        return Value::Str(s, f, l.bytes);
      }
      if (l.kind == Value::num && r.kind == Value::num) return Value::Num(l.n * r.n);
    } else if (o == "%") {
      if (l.is_str()) {
        std::vector<Value> args;
        if (r.kind == Value::seq) args = r.items;
        else args.push_back(r);
        return percent_format(l, args);
      }
      if (l.kind == Value::num && r.kind == Value::num && r.n != 0) return Value::Num(l.n % r.n);
    }
    return Value::Unknown(f);
  }

  Value percent_format(const Value& fmt, const std::vector<Value>& args) {
    std::string out;
    size_t k = 0;
    uint32_t f = fmt.flags;
    const std::string& s = fmt.s;
    for (size_t p = 0; p < s.size(); ++p) {
      if (s[p] != '%') {
        out.push_back(s[p]);
        continue;
      }
      if (p + 1 < s.size() && s[p + 1] == '%') {
        out.push_back('%');
        ++p;
        continue;
      }
      size_t q = p + 1;
      while (q < s.size() && std::string_view("-+ #0123456789.").find(s[q]) != std::string_view::npos) ++q;
      if (q >= s.size()) return Value::Unknown(f);
      if (k >= args.size()) {  // fewer arguments than fields: unknown parts
        out.push_back(kUnknownPart);
        f |= kPartial;
        p = q;
        continue;
      }
      const Value& a = args[k++];
      f |= a.flags;
      if (a.kind == Value::str || a.kind == Value::num) {
        if (s[q] == 'c' && a.kind == Value::num) out.push_back(static_cast<char>(a.n));
        else out += a.s;
      } else {
        out.push_back(kUnknownPart);
        f |= kPartial;
      }
      p = q;
    }
    return Value::Str(out, f, fmt.bytes);
  }

  Value primary() {
    const Loc at = loc(cur());
    Value v = atom();
    while (!at_end()) {
      if (is_op(".")) {
        ++i_;
        if (cur().kind != Tok::name) break;
        std::string attr(tx(cur()));
        ++i_;
        v = attribute(v, attr);
      } else if (is_op("(")) {
        v = call(v, at);
      } else if (is_op("[")) {
        v = subscript(v);
      } else {
        break;
      }
    }
    return v;
  }

  Value lookup(const std::string& name) const {
    auto it = env_.find(name);
    if (it != env_.end()) return it->second;
    if (name == "__builtins__" || name == "__builtin__" || name == "builtins")
      return Value::Ref("builtins");
    if (builtins().count(name)) return Value::Ref("builtins." + name);
    if (!star_.empty()) return Value::Ref(star_ + "." + name);
    return Value::Ref(name);
  }

  Value atom() {
    if (at_end()) return Value::Unknown();
    const Token& t = cur();
    switch (t.kind) {
      case Tok::name: {
        auto w = tx(t);
        if (w == "True" || w == "False" || w == "None") {
          ++i_;
          Value v = Value::Num(w == "True" ? 1 : 0, std::string(w));
          return v;
        }
        if (t.keyword) {
          if (w == "lambda" || w == "yield" || w == "await" || w == "not") return test();
          return Value::Unknown();
        }
        std::string name(w);
        ++i_;
        if (is_op(":=")) {
          ++i_;
          Value v = test();
          env_[name] = v;
          return v;
        }
        return lookup(name);
      }
      case Tok::number: {
        ++i_;
        bool ok = false;
        long long n = parse_int(tx(t), ok);
        if (!ok) return Value::Unknown();
        return Value::Num(n, std::string(tx(t)));
      }
      case Tok::string: return strings();
      case Tok::op: {
        auto o = tx(t);
        if (o == "(") return collection(")");
        if (o == "[") return collection("]");
        if (o == "{") {
          Value d = collection("}");
          return d.kind == Value::map ? d : Value::Unknown(d.flags);
        }
        if (o == "*" || o == "**") {
          ++i_;
          return test();
        }
        return Value::Unknown();
      }
      default: return Value::Unknown();
    }
  }

  // Adjacent string literals, concatenated; f-strings evaluated when constant.
  Value strings() {
    std::string out;
    bool known = true, bytes = false;
    uint32_t flags = 0;
    while (i_ < end_ && toks_[i_].kind == Tok::string) {
      const Token& t = toks_[i_];
      ++i_;
      bytes = t.is_bytes;
      const py::Literal& L = lits_[t.lit];
      if (!t.is_f) {
        string_seen(L.value, t);
        if (known && out.size() + L.value.size() < kMaxString) out += L.value;
        continue;
      }
      for (const auto& part : L.fparts) {
        if (!part.is_expr) {
          string_seen(part.literal, t);
          if (known) out += part.literal;
          continue;
        }
        Value v = fexpr(part);
        flags |= v.flags;
        if (known && (v.kind == Value::str || v.kind == Value::num) && out.size() + v.s.size() < kMaxString) {
          out += v.s;
        } else if (known && out.size() < kMaxString) {
          out.push_back(kUnknownPart);
          flags |= kPartial;
        } else {
          known = false;
        }
      }
    }
    return known ? Value::Str(out, flags, bytes) : Value::Unknown(flags);
  }

  void string_seen(const std::string& value, const Token& t) {
    if (value.empty()) return;
    if (a_.wants_string(value)) emit_simple(ObsKind::string, "", loc(t), value);
    if (value.size() >= 40) {
      if (auto text = peel_blob(value)) {
        emit_simple(ObsKind::payload, "", loc(t), *text);
        a_.python(*text, t.line, t.col, "decoded payload");
        if (!looks_like_python(*text)) a_.shell(*text, t.line, t.col, "decoded payload");
      }
    }
  }
  static bool looks_like_python(const std::string& s) {
    return s.find("import ") != std::string::npos || s.find("def ") != std::string::npos ||
           s.find("print(") != std::string::npos || s.find("exec(") != std::string::npos ||
           s.find("eval(") != std::string::npos;
  }

  Value fexpr(const py::FPart& part) {
    if (part.end <= part.begin || part.end > src_.size()) return Value::Unknown();
    std::string_view saved_src = src_;
    std::vector<Token> saved_toks = std::move(toks_);
    std::vector<py::Literal> saved_lits = std::move(lits_);
    size_t saved_i = i_, saved_end = end_;
    // Token offsets of the nested expression are relative to its own text.
    src_ = saved_src.substr(part.begin, part.end - part.begin);
    {
      py::Tokens t = py::tokenize(src_, part.line, part.col);
      toks_ = std::move(t.toks);
      lits_ = std::move(t.lits);
    }
    i_ = 0;
    end_ = stmt_end(0);
    Value v = ++depth_ > kMaxDepth ? Value::Unknown() : test();
    --depth_;
    finish();
    src_ = saved_src;
    toks_ = std::move(saved_toks);
    lits_ = std::move(saved_lits);
    i_ = saved_i;
    end_ = saved_end;
    return v;
  }

  // ( ... ) or [ ... ] or { ... }: a tuple/list value (with comprehensions over
  // constants evaluated); dicts and sets are parsed for their calls only.
  Value collection(std::string_view close) {
    ++i_;
    Value out;
    out.kind = Value::seq;
    bool comma = false, paren = close == ")";
    std::vector<Value> pairs;  // dict displays: key, value, key, value...
    bool dict_ok = close == "}";
    while (!at_end() && !is_op(close)) {
      size_t elem_start = i_;
      Value v;
      if (is_op("*") || is_op("**")) {
        ++i_;
        Value x = test();
        std::vector<Value> items;
        if (iterate(x, items)) {
          for (auto& it : items) out.items.push_back(std::move(it));
        } else {
          out.flags |= x.flags;
          out.kind = Value::unknown;
        }
      } else {
        v = test();
        if (is_op(":")) {  // a dict entry: keep constant-keyed entries
          ++i_;
          Value val = test();
          if (dict_ok && v.is_str() && pairs.size() < 2 * kMaxItems) {
            pairs.push_back(v);
            pairs.push_back(std::move(val));
          } else {
            dict_ok = false;
          }
        } else if (close == "}") {
          dict_ok = false;
        }
        if (is_kw("for") || is_kw("async")) {
          v = comprehension(elem_start, close);
          if (paren && out.items.empty()) return v;
        }
        out.flags |= v.flags;
        if (out.items.size() < kMaxItems) out.items.push_back(std::move(v));
      }
      if (is_op(",")) {
        comma = true;
        ++i_;
      } else if (!is_op(close)) {
        ++i_;
      }
    }
    if (is_op(close)) ++i_;
    if (close == "}" && dict_ok && !pairs.empty()) {
      Value d;
      d.kind = Value::map;
      d.flags = out.flags;
      for (const auto& p : pairs) d.flags |= p.flags;
      d.items = std::move(pairs);
      return d;
    }
    if (paren && !comma && out.items.size() == 1 && out.kind == Value::seq) return out.items[0];
    return out;
  }

  // At 'for' after an element expression that began at elem_start.
  Value comprehension(size_t elem_start, std::string_view close) {
    size_t elem_end = i_;
    if (is_kw("async")) ++i_;
    ++i_;  // for
    std::vector<std::string> names;
    while (!at_end() && !is_kw("in")) {
      if (is_name()) names.emplace_back(tx(cur()));
      ++i_;
    }
    if (is_kw("in")) ++i_;
    Value iter = binary(0);
    bool simple = true;
    while (!at_end() && !is_op(close) && !is_op(",")) {  // conditions, nested fors
      simple = false;
      size_t before = i_;
      ++i_;
      test();
      if (i_ == before) ++i_;
    }
    size_t resume = i_;
    std::vector<Value> items;
    if (!simple || names.size() != 1 || !iterate(iter, items) || items.size() > kMaxItems ||
        items.size() > work_budget_)
      return Value::Unknown(iter.flags);
    work_budget_ -= items.size();  // nested comprehensions must not multiply without bound
    Value out;
    out.kind = Value::seq;
    out.flags = iter.flags;
    auto saved = env_.find(names[0]) != env_.end() ? std::optional<Value>(env_[names[0]]) : std::nullopt;
    size_t saved_end = end_;
    for (const auto& it : items) {
      env_[names[0]] = it;
      i_ = elem_start;
      end_ = elem_end;
      Value v = test();
      out.flags |= v.flags;
      out.items.push_back(std::move(v));
    }
    end_ = saved_end;
    if (saved) env_[names[0]] = *saved;
    else env_.erase(names[0]);
    i_ = resume;
    return out;
  }

  Value attribute(const Value& v, const std::string& attr) {
    if (v.kind == Value::ref) {
      if (v.s.size() + attr.size() > 512) return Value::Unknown(v.flags);
      if (v.s.compare(0, 7, "<class:") == 0) {  // a method of a class defined here
        std::string cls = v.s.substr(7, v.s.find('>') - 7);
        if (funcs_.count(cls + "." + attr)) return Value::Ref("<func:" + cls + "." + attr + ">");
      }
      return Value::Ref(v.s + "." + attr, v.flags);
    }
    if (v.kind == Value::str || v.kind == Value::map) {
      Value b;
      b.kind = Value::bound;
      b.s = attr;
      b.items.push_back(v);
      b.flags = v.flags;
      return b;
    }
    return Value::Unknown(v.flags);
  }

  Value subscript(const Value& v) {
    ++i_;  // [
    std::optional<Value> parts[3];
    int nparts = 0;
    bool slice = false;
    while (!at_end() && !is_op("]")) {
      if (is_op(":")) {
        slice = true;
        ++nparts;
        ++i_;
        continue;
      }
      size_t before = i_;
      Value x = test();
      if (nparts < 3) parts[nparts] = x;
      if (i_ == before) ++i_;
      if (is_op(",")) {
        ++i_;
        return skip_close_unknown(v.flags);
      }
    }
    if (is_op("]")) ++i_;
    if (!slice) {
      if (!parts[0]) return Value::Unknown(v.flags);
      return index(v, *parts[0]);
    }
    // Slicing with constant bounds on a string or sequence.
    std::vector<Value> items;
    bool is_s = v.kind == Value::str;
    if (!is_s && v.kind != Value::seq) return Value::Unknown(v.flags);
    long long len = is_s ? static_cast<long long>(v.s.size()) : static_cast<long long>(v.items.size());
    long long bound[3] = {0, 0, 1};
    bool has[3] = {false, false, false};
    for (int k = 0; k < 3; ++k) {
      if (!parts[k]) continue;
      if (parts[k]->kind != Value::num) return Value::Unknown(v.flags);
      bound[k] = parts[k]->n;
      has[k] = true;
    }
    long long step = has[2] ? bound[2] : 1;
    if (step == 0) return Value::Unknown(v.flags);
    auto norm = [&](long long x, long long dflt) {
      if (x < 0) x += len;
      return std::max(-1LL, std::min(x, len));
      (void)dflt;
    };
    long long start = has[0] ? norm(bound[0], 0) : (step > 0 ? 0 : len - 1);
    long long stop = has[1] ? norm(bound[1], 0) : (step > 0 ? len : -1);
    if (step > 0) start = std::max(start, 0LL);
    else start = std::min(start, len - 1);
    std::string s;
    Value seq;
    seq.kind = Value::seq;
    for (long long k = start; step > 0 ? k < stop : k > stop; k += step) {
      if (k < 0 || k >= len) break;
      if (is_s) s.push_back(v.s[static_cast<size_t>(k)]);
      else seq.items.push_back(v.items[static_cast<size_t>(k)]);
    }
    uint32_t f = v.flags | (step < 0 ? uint32_t{kObfuscated} : 0u);
    if (is_s) return Value::Str(s, f, v.bytes);
    seq.flags = f;
    return seq;
  }

  Value skip_close_unknown(uint32_t flags) {
    int depth = 0;
    while (!at_end()) {
      if (is_op("[") || is_op("(") || is_op("{")) ++depth;
      if (is_op("]") && depth == 0) {
        ++i_;
        break;
      }
      if ((is_op("]") || is_op(")") || is_op("}")) && depth > 0) --depth;
      ++i_;
    }
    return Value::Unknown(flags);
  }

  static const Value* map_get(const Value& m, const std::string& key) {
    for (size_t i = 0; i + 1 < m.items.size(); i += 2)
      if (m.items[i].s == key) return &m.items[i + 1];
    return nullptr;
  }

  Value index(const Value& v, const Value& k) {
    uint32_t f = v.flags | k.flags;
    if (v.kind == Value::map && k.is_str()) {
      const Value* x = map_get(v, k.s);
      return x ? *x : Value::Unknown(f);
    }
    if (v.kind == Value::ref && k.kind == Value::str) {
      const std::string& q = v.s;
      auto ends_with = [&](std::string_view suffix) {
        return q.size() >= suffix.size() && q.compare(q.size() - suffix.size(), suffix.size(), suffix) == 0;
      };
      if (q == "builtins.globals()" || q == "builtins.locals()" || q == "builtins.vars()")
        return lookup(k.s);
      if (ends_with(".__dict__")) {
        std::string base = q.substr(0, q.size() - 9);
        return Value::Ref(base + "." + k.s, f);
      }
      if (q == "sys.modules") return Value::Ref(k.s, f);
      if (q == "builtins") return Value::Ref("builtins." + k.s, f);  // __builtins__ as a dict
      return Value::Unknown(f);
    }
    if (k.kind == Value::num) {
      long long n = k.n;
      if (v.kind == Value::str) {
        long long len = static_cast<long long>(v.s.size());
        if (n < 0) n += len;
        if (n >= 0 && n < len) {
          if (v.bytes) return Value::Num(static_cast<unsigned char>(v.s[static_cast<size_t>(n)]));
          return Value::Str(std::string(1, v.s[static_cast<size_t>(n)]), f);
        }
      } else if (v.kind == Value::seq) {
        long long len = static_cast<long long>(v.items.size());
        if (n < 0) n += len;
        if (n >= 0 && n < len) return v.items[static_cast<size_t>(n)];
      }
    }
    return Value::Unknown(f);
  }

  Value call(const Value& f, const Loc& at) {
    ++i_;  // (
    std::vector<Value> args;
    std::vector<std::pair<std::string, Value>> kws;
    while (!at_end() && !is_op(")")) {
      size_t before = i_;
      if (is_name() && is_op_at(i_ + 1, "=") ) {
        std::string k(tx(cur()));
        i_ += 2;
        kws.emplace_back(k, test());
      } else if (is_op("*")) {
        ++i_;
        Value x = test();
        std::vector<Value> items;
        if (iterate(x, items) && x.kind == Value::seq) args.insert(args.end(), items.begin(), items.end());
        else args.push_back(Value::Unknown(x.flags));
      } else if (is_op("**")) {
        ++i_;
        Value x = test();
        kws.emplace_back("**", x);
      } else {
        size_t elem_start = i_;
        Value x = test();
        if (is_kw("for") || is_kw("async")) x = comprehension(elem_start, ")");
        args.push_back(std::move(x));
      }
      if (is_op(",")) ++i_;
      else if (!is_op(")") && i_ == before) ++i_;
      else if (!is_op(")") && !is_op(",")) ++i_;
    }
    if (is_op(")")) ++i_;
    return apply(f, args, kws, at);
  }

  static const Value* kwarg(const std::vector<std::pair<std::string, Value>>& kws, std::string_view k) {
    for (const auto& kv : kws)
      if (kv.first == k) return &kv.second;
    return nullptr;
  }

  static std::string normalize(std::string q) {
    auto swap_prefix = [&](std::string_view from, std::string_view to) {
      if (q.size() > from.size() && q.compare(0, from.size(), from) == 0 && q[from.size()] == '.')
        q = std::string(to) + q.substr(from.size());
    };
    swap_prefix("posix", "os");
    swap_prefix("nt", "os");
    swap_prefix("__builtin__", "builtins");
    swap_prefix("__builtins__", "builtins");
    swap_prefix("_socket", "socket");
    return q;
  }

  Value decoded(std::optional<std::string> out, uint32_t flags, const Loc& at) {
    flags |= kDecoded;
    if (!out) return Value::Unknown(flags);
    emit_simple(ObsKind::payload, "", at, *out);
    if (looks_like_text(*out) && out->size() >= 4) {
      if (a_.wants_string(*out)) emit_simple(ObsKind::string, "", at, *out);
      a_.python(*out, at.line, at.col, "decoded payload");
    }
    return Value::Str(std::move(*out), flags, true);
  }

  Value apply(const Value& f, const std::vector<Value>& args,
              const std::vector<std::pair<std::string, Value>>& kws, const Loc& at) {
    uint32_t af = 0;
    for (const auto& v : args) af |= v.flags;
    for (const auto& kv : kws) af |= kv.second.flags;
    if (f.kind == Value::bound) return str_method(f, args, af);
    if (f.kind != Value::ref) return Value::Unknown(f.flags);
    if (f.s.size() > 7 && f.s.compare(0, 6, "<func:") == 0 && f.s.back() == '>')
      return call_local(f.s.substr(6, f.s.size() - 7), args, kws, at);
    if (f.s.size() > 8 && f.s.compare(0, 7, "<class:") == 0 && f.s.back() == '>') {  // instantiation
      std::string cls = f.s.substr(7, f.s.size() - 8);
      if (funcs_.count(cls + ".__init__")) call_local(cls + ".__init__", args, kws, at);
      return Value::Ref(f.s + "()");
    }
    if (f.s.compare(0, 7, "<class:") == 0) {  // a method defined after its first use
      size_t close = f.s.find(">().");
      if (close != std::string::npos) {
        std::string m = f.s.substr(7, close - 7) + "." + f.s.substr(close + 4);
        if (funcs_.count(m)) return call_local(m, args, kws, at);
      }
    }
    std::string q = normalize(f.s);
    if (!cur_func_.empty()) record_sink(q, args, kws);
    emit_call(q, args, kws, af | f.flags, at);
    const uint8_t tc = a_.taint().of(q);
    const Value* a0 = args.empty() ? nullptr : &args[0];
    const Value* a1 = args.size() > 1 ? &args[1] : nullptr;

    // Code and commands handed over: analyze them in turn.
    if (tc & TaintConfig::kExecCall) {
      const Value* code = a0 ? a0 : kwarg(kws, "source");
      if (code && code->is_str()) a_.python(code->s, at.line, at.col, "exec'd string");
      return Value::Unknown(af);
    }
    if (tc & TaintConfig::kShellCall) {
      if (a0 && a0->is_str()) a_.shell(a0->s, at.line, at.col, "shell command");
      else if (a0 && a0->kind == Value::seq) run_argv(*a0, at);
    }
    if (tc & TaintConfig::kArgvCall) {
      const Value* cmd = a0 ? a0 : kwarg(kws, "args");
      const Value* shell = kwarg(kws, "shell");
      bool use_shell = shell && shell->kind == Value::num && shell->n != 0;
      if (cmd && cmd->is_str() && a1 && a1->kind == Value::seq) {
        run_argv(*a1, at);  // os.execv(path, argv)
      } else if (cmd && cmd->is_str() && q.rfind("os.exec", 0) == 0 && args.size() > 1) {
        Value argv;  // os.execl(path, arg0, arg1, ...)
        argv.kind = Value::seq;
        argv.items.assign(args.begin() + 1, args.end());
        run_argv(argv, at);
      } else if (cmd && cmd->is_str()) {
        if (use_shell) a_.shell(cmd->s, at.line, at.col, "shell command");
        else a_.shell(cmd->s, at.line, at.col, "command");
      } else if (cmd && cmd->kind == Value::seq) {
        run_argv(*cmd, at);
      }
    }

    uint32_t rf0 = f.flags;
    if (!special_calls().count(q)) {  // the common case: nothing to evaluate
      if (tc & TaintConfig::kNetworkSource) rf0 |= kNetwork;
      return Value::Ref(q + "()", rf0);
    }
    if (q == "os.fork" || q == "os.forkpty" || q == "pty.fork") {
      for (const auto& b : blocks_)
        if (b.loop) {
          emit_simple(ObsKind::fact, "fork_in_loop", at);
          break;
        }
    }

    // Resolution of dynamic names.
    if (q == "builtins.getattr" && a0 && a1 && a1->is_str()) {
      if (a0->kind == Value::ref) return Value::Ref(a0->s + "." + a1->s, a0->flags);
      if (a0->is_str()) return attribute(*a0, a1->s);
      return Value::Unknown(af);
    }
    if ((q == "builtins.__import__" || q == "importlib.import_module" || q == "importlib.__import__") && a0) {
      if (!a0->is_str()) return Value::Unknown(af);
      emit_simple(ObsKind::import_module, a0->s, at);
      if (q == "importlib.import_module") return Value::Ref(a0->s);
      bool fromlist = args.size() > 3 || kwarg(kws, "fromlist");
      return Value::Ref(fromlist ? a0->s : a0->s.substr(0, a0->s.find('.')));
    }
    if (q == "builtins.vars" || q == "builtins.globals" || q == "builtins.locals") {
      if (a0 && a0->kind == Value::ref) return Value::Ref(a0->s + ".__dict__");
      return Value::Ref("builtins.globals()");
    }

    // Decoders.
    std::string_view in;
    bool have = a0 && a0->is_str();
    if (have) in = a0->s;
    if (q == "base64.b64decode" || q == "base64.standard_b64decode" || q == "base64.urlsafe_b64decode" ||
        q == "base64.decodebytes" || q == "base64.decodestring" || q == "binascii.a2b_base64")
      return decoded(have ? decode_base64(in) : std::nullopt, af, at);
    if (q == "base64.b32decode") return decoded(have ? decode_base32(in) : std::nullopt, af, at);
    if (q == "base64.b16decode" || q == "binascii.unhexlify" || q == "binascii.a2b_hex" ||
        q == "bytes.fromhex" || q == "bytearray.fromhex" || q == "builtins.bytes.fromhex" ||
        q == "builtins.bytearray.fromhex")
      return decoded(have ? decode_hex(in) : std::nullopt, af, at);
    if (q == "zlib.decompress" || q == "gzip.decompress")
      return decoded(have ? inflate_any(in) : std::nullopt, af, at);
    if (q == "bz2.decompress" || q == "lzma.decompress" || q == "marshal.loads" ||
        q == "base64.b85decode" || q == "base64.a85decode")
      return decoded(std::nullopt, af, at);
    if (q == "codecs.decode" || q == "codecs.encode") {
      const Value* enc = a1 ? a1 : kwarg(kws, "encoding");
      if (!enc || !enc->is_str()) return Value::Unknown(af | kDecoded);
      std::string e = enc->s;
      bool rot = e.find("rot") != std::string::npos;
      if (q == "codecs.encode" && !rot) return Value::Unknown(af);
      return decoded(have ? decode_codec(in, e) : std::nullopt, af | (rot ? uint32_t{kObfuscated} : 0u), at);
    }

    // Constant builtins.
    if (q == "builtins.chr" && a0 && a0->kind == Value::num && a0->n >= 0 && a0->n < 0x110000) {
      std::string s;
      long long n = a0->n;
      if (n < 0x80) s.push_back(static_cast<char>(n));
      else s = py_utf8(static_cast<uint32_t>(n));
      return Value::Str(s, af | kObfuscated);
    }
    if (q == "builtins.ord" && a0 && a0->is_str() && a0->s.size() == 1)
      return Value::Num(static_cast<unsigned char>(a0->s[0]));
    if ((q == "builtins.str" || q == "builtins.repr") && a0 && (a0->is_str() || a0->kind == Value::num)) {
      if (a0->is_str() && a0->bytes) return Value::Unknown(af);
      return Value::Str(a0->s, af);
    }
    if ((q == "builtins.bytes" || q == "builtins.bytearray") && a0) {
      if (a0->is_str()) return Value::Str(a0->s, af, true);
      if (a0->kind == Value::seq) {
        std::string s;
        for (const auto& it : a0->items) {
          if (it.kind != Value::num) return Value::Unknown(af | kObfuscated);
          s.push_back(static_cast<char>(it.n & 0xFF));
        }
        return Value::Str(s, af | kObfuscated, true);
      }
    }
    if ((q == "builtins.list" || q == "builtins.tuple" || q == "builtins.reversed") && a0) {
      std::vector<Value> items;
      if (!iterate(*a0, items)) return Value::Unknown(af);
      if (q == "builtins.reversed") std::reverse(items.begin(), items.end());
      Value s;
      s.kind = Value::seq;
      s.items = std::move(items);
      s.flags = af | (q == "builtins.reversed" ? uint32_t{kObfuscated} : 0u);
      return s;
    }
    if (q == "builtins.map" && a0 && a1 && a0->kind == Value::ref) {
      std::vector<Value> items;
      if (!iterate(*a1, items) || items.size() > kMaxItems) return Value::Unknown(af);
      Value s;
      s.kind = Value::seq;
      s.flags = af;
      for (const auto& it : items) {
        Value r = apply_quiet(a0->s, it);
        s.flags |= r.flags;
        s.items.push_back(std::move(r));
      }
      return s;
    }
    if (q == "os.path.expanduser" && a0 && a0->is_str()) return Value::Str(a0->s, af);
    if (q == "os.path.join" && !args.empty()) {
      std::string s;
      for (const auto& v : args) {
        if (!v.is_str()) return Value::Unknown(af);
        if (!v.s.empty() && v.s[0] == '/') s = v.s;
        else s += (s.empty() || s.back() == '/' ? "" : "/") + v.s;
      }
      return Value::Str(s, af);
    }
    uint32_t rf = f.flags;
    if (tc & TaintConfig::kNetworkSource) rf |= kNetwork;
    if (q == "builtins.compile") rf |= af;
    return Value::Ref(q + "()", rf);
  }

  static bool is_param(const Value& v) {
    if (v.kind == Value::seq) return std::any_of(v.items.begin(), v.items.end(), is_param);
    return v.kind == Value::ref && v.s.compare(0, 7, "<param:") == 0;
  }

  void record_sink(const std::string& q, const std::vector<Value>& args,
                   const std::vector<std::pair<std::string, Value>>& kws) {
    bool uses = std::any_of(args.begin(), args.end(), is_param) ||
                std::any_of(kws.begin(), kws.end(), [](const auto& kv) { return is_param(kv.second); });
    if (!uses) return;
    auto it = funcs_.find(cur_func_);
    if (it == funcs_.end() || it->second.sinks.size() >= 64) return;
    it->second.sinks.push_back(FuncInfo::Sink{q, args, kws});
  }

  // A call to a function defined in this code: its sinks run again with the
  // actual arguments, located at the call site.
  Value call_local(const std::string& name, const std::vector<Value>& args,
                   const std::vector<std::pair<std::string, Value>>& kws, const Loc& at) {
    auto it = funcs_.find(name);
    if (it == funcs_.end() || local_depth_ >= 4 || work_budget_ < it->second.sinks.size() + 1)
      return Value::Unknown();
    work_budget_ -= it->second.sinks.size() + 1;
    FuncInfo info = it->second;  // copy: the map may change while we apply
    std::string prefix = "<param:" + name + ":";
    std::function<Value(const Value&)> actual = [&](const Value& v) -> Value {
      if (v.kind == Value::seq) {
        Value out = v;
        for (auto& item : out.items) item = actual(item);
        for (const auto& item : out.items) out.flags |= item.flags;
        return out;
      }
      if (!is_param(v) || v.s.compare(0, prefix.size(), prefix) != 0) return v;
      size_t k = static_cast<size_t>(std::atoi(v.s.c_str() + prefix.size()));
      if (k < args.size()) return args[k];
      if (k < info.params.size())
        for (const auto& kv : kws)
          if (kv.first == info.params[k]) return kv.second;
      return Value::Unknown();
    };
    ++local_depth_;
    for (const auto& sink : info.sinks) {
      std::vector<Value> a;
      for (const auto& v : sink.args) a.push_back(actual(v));
      std::vector<std::pair<std::string, Value>> k;
      for (const auto& kv : sink.kws) k.emplace_back(kv.first, actual(kv.second));
      apply(Value::Ref(sink.q), a, k, at);
    }
    --local_depth_;
    if (info.ret) {
      Value r = actual(*info.ret);
      r.flags |= info.ret_flags;
      return r;
    }
    return Value::Unknown(info.ret_flags);
  }

  static std::string py_utf8(uint32_t cp) {
    std::string out;
    if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
    return out;
  }

  // map(f, xs) for the few constant functions that matter (chr, str, ord).
  Value apply_quiet(const std::string& fq, const Value& x) {
    if (fq == "builtins.chr" && x.kind == Value::num && x.n >= 0 && x.n < 0x110000)
      return Value::Str(x.n < 0x80 ? std::string(1, static_cast<char>(x.n)) : py_utf8(static_cast<uint32_t>(x.n)),
                        x.flags | kObfuscated);
    if (fq == "builtins.str" && (x.is_str() || x.kind == Value::num)) return Value::Str(x.s, x.flags);
    if (fq == "builtins.ord" && x.is_str() && x.s.size() == 1)
      return Value::Num(static_cast<unsigned char>(x.s[0]));
    return Value::Unknown(x.flags);
  }

  void run_argv(const Value& seq, const Loc& at) {
    std::vector<std::string> words;
    for (const auto& it : seq.items) {
      auto w = argv_word(it);
      words.push_back(w ? *w : std::string("?"));
    }
    if (!words.empty()) a_.argv(words, at.line, at.col, "command");
  }

  Value str_method(const Value& b, const std::vector<Value>& args, uint32_t af) {
    const Value& recv = b.items[0];
    const std::string& m = b.s;
    uint32_t f = recv.flags | af;
    const Value* a0 = args.empty() ? nullptr : &args[0];
    if (recv.kind == Value::map) {
      if ((m == "get" || m == "pop") && a0 && a0->is_str()) {
        const Value* x = map_get(recv, a0->s);
        if (x) return *x;
        return args.size() > 1 ? args[1] : Value::Unknown(f);
      }
      if (m == "values") {
        Value out;
        out.kind = Value::seq;
        out.flags = f;
        for (size_t i = 1; i < recv.items.size(); i += 2) out.items.push_back(recv.items[i]);
        return out;
      }
      return Value::Unknown(f);
    }
    if (m == "join" && a0) {
      std::vector<Value> items;
      if (!iterate(*a0, items)) return Value::Unknown(f);
      std::string out;
      for (size_t k = 0; k < items.size(); ++k) {
        if (!items[k].is_str()) return Value::Unknown(f | items[k].flags);
        if (k) out += recv.s;
        out += items[k].s;
        f |= items[k].flags;
        if (out.size() > kMaxString) return Value::Unknown(f);
      }
      return Value::Str(out, f, recv.bytes);
    }
    if (m == "format") {
      std::string out;
      size_t auto_idx = 0;
      const std::string& s = recv.s;
      for (size_t p = 0; p < s.size(); ++p) {
        if (s[p] == '{' && p + 1 < s.size() && s[p + 1] == '{') { out.push_back('{'); ++p; continue; }
        if (s[p] == '}' && p + 1 < s.size() && s[p + 1] == '}') { out.push_back('}'); ++p; continue; }
        if (s[p] != '{') { out.push_back(s[p]); continue; }
        size_t close = s.find('}', p);
        if (close == std::string::npos) return Value::Unknown(f);
        std::string field = s.substr(p + 1, close - p - 1);
        field = field.substr(0, field.find_first_of(":!"));
        const Value* v = nullptr;
        if (field.empty()) v = auto_idx < args.size() ? &args[auto_idx++] : nullptr;
        else if (std::isdigit(static_cast<unsigned char>(field[0]))) {
          size_t k = static_cast<size_t>(std::atoi(field.c_str()));
          v = k < args.size() ? &args[k] : nullptr;
        }
        if (v && (v->is_str() || v->kind == Value::num)) {
          out += v->s;
          f |= v->flags;
        } else {
          out.push_back(kUnknownPart);
          f |= kPartial;
        }
        p = close;
      }
      return Value::Str(out, f);
    }
    if (m == "replace" && args.size() >= 2 && args[0].is_str() && args[1].is_str() && !args[0].s.empty()) {
      std::string out;
      const std::string& s = recv.s;
      size_t p = 0;
      for (size_t q; (q = s.find(args[0].s, p)) != std::string::npos; p = q + args[0].s.size()) {
        out.append(s, p, q - p);
        out += args[1].s;
        if (out.size() > kMaxString) return Value::Unknown(f);
      }
      out.append(s, p, std::string::npos);
      return Value::Str(out, f, recv.bytes);
    }
    if (m == "lower" || m == "upper" || m == "swapcase") {
      std::string out = recv.s;
      for (auto& c : out) {
        if (m == "lower") c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (m == "upper") c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        else c = std::isupper(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                                                              : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      }
      return Value::Str(out, f, recv.bytes);
    }
    if ((m == "strip" || m == "lstrip" || m == "rstrip") && args.empty()) {
      std::string s = recv.s;
      const char* ws = " \t\r\n\f\v";
      if (m != "rstrip") s.erase(0, s.find_first_not_of(ws) == std::string::npos ? s.size() : s.find_first_not_of(ws));
      if (m != "lstrip") {
        auto e = s.find_last_not_of(ws);
        s.erase(e == std::string::npos ? 0 : e + 1);
      }
      return Value::Str(s, f, recv.bytes);
    }
    if (m == "encode" || m == "decode") {
      if (a0 && a0->is_str()) {
        std::string e = a0->s;
        for (auto& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        bool plain = e.find("utf") != std::string::npos || e == "ascii" || e.find("latin") != std::string::npos;
        if (!plain) {
          if (m == "encode" && e.find("rot") == std::string::npos) return Value::Unknown(f);
          auto out = decode_codec(recv.s, e);
          if (!out) return Value::Unknown(f | kDecoded);
          return Value::Str(*out, f | kDecoded, m == "encode");
        }
      }
      return Value::Str(recv.s, f, m == "encode");
    }
    if (m == "split") {
      Value s;
      s.kind = Value::seq;
      s.flags = f;
      std::string sep = a0 && a0->is_str() ? a0->s : std::string();
      const std::string& str = recv.s;
      if (sep.empty()) {
        size_t p = 0;
        while (p < str.size()) {
          while (p < str.size() && std::isspace(static_cast<unsigned char>(str[p]))) ++p;
          size_t e = p;
          while (e < str.size() && !std::isspace(static_cast<unsigned char>(str[e]))) ++e;
          if (e > p) s.items.push_back(Value::Str(str.substr(p, e - p), f));
          p = e;
          if (s.items.size() > kMaxItems) break;
        }
      } else {
        size_t p = 0;
        for (size_t q; (q = str.find(sep, p)) != std::string::npos && s.items.size() < kMaxItems; p = q + sep.size())
          s.items.push_back(Value::Str(str.substr(p, q - p), f));
        s.items.push_back(Value::Str(str.substr(p), f));
      }
      return s;
    }
    return Value::Unknown(f);
  }

  std::string_view src_;
  Analysis& a_;
  std::vector<Token> toks_;
  std::vector<py::Literal> lits_;
  size_t i_ = 0, end_ = 0;
  int depth_ = 0;
  std::unordered_map<std::string, Value> env_;
  std::string star_;
  std::vector<Block> blocks_;
  std::unordered_map<std::string, FuncInfo> funcs_;
  std::string cur_func_;
  int lambdas_ = 0;
  int local_depth_ = 0;
  // Re-evaluations (comprehension items, calls of local functions) left: keeps
  // crafted input from multiplying the work.
  size_t work_budget_ = 200000;
};

}  // namespace

void analyze_python(std::string_view code, Analysis& a) {
  try {
    PyAnalyzer(code, a).run();
  } catch (...) {
    // Never fail an assessment over the front end; what was seen so far stands.
  }
}

}  // namespace mai::assess
