// The Python interpreter's built-in behaviours: the specials named by the
// library model (decoding, reflection, paths, the environment, files,
// containers), methods of str/bytes/list/dict/set, and the operators.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <limits>
#include <optional>
#include <nlohmann/json.hpp>
#include <re2/re2.h>
#include <yaml-cpp/yaml.h>

#include "assess/key_destination.hpp"
#include "assess/library_model.hpp"
#include "assess/payload_decoder.hpp"
#include "assess/python_interp.hpp"
#include "assess/python_strings.hpp"
#include "assess/taint.hpp"
#include "common/sha256.hpp"

namespace mai::assess {

namespace {

// "".join(["im", "port ", "o", "s"]): three or more constant fragments where
// a word runs across a joint is text cut apart to hide what it says; code
// joined from lines or tokens does not cut words.
bool splits_words(const std::vector<Value>& items) {
  if (items.size() < 3) return false;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  int cuts = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const Alt* a = items[i].single();
    if (!a || a->k != VK::str || a->s.empty() || is_partial(a->s)) return false;
    if (i == 0) continue;
    const std::string& prev = items[i - 1].single()->s;
    if (word(prev.back()) && word(a->s.front())) ++cuts;
  }
  return cuts >= 1;
}

// One alternative of v is a string constant long enough to hide code in.
bool holds_blob(const Value& v) {
  constexpr size_t kMinBlob = 16;
  for (const auto& a : v.alts)
    if ((a.k == VK::str || a.k == VK::bytes) && a.s.size() >= kMinBlob && !is_partial(a.s)) return true;
  return false;
}

// The part of path `s` below directory `base`, or unknown where s is not under a known base.
std::string path_below(const std::string& s, const std::string& base) {
  if (!is_partial(base) && s.size() > base.size() + 1 && s.compare(0, base.size(), base) == 0 && s[base.size()] == '/')
    return s.substr(base.size() + 1);
  return std::string(1, kUnknownPart);
}

// Each string alternative of v (a Value holds at most kMaxAlts); unknown
// parts where one is not a string.
std::vector<std::string> texts(const Value& v, bool* all_known = nullptr) {
  std::vector<std::string> out;
  bool known = !v.alts.empty();
  for (const auto& a : v.alts) {
    if (a.k == VK::str || a.k == VK::bytes) {
      out.push_back(a.s);
      if (is_partial(a.s)) known = false;
    } else if (a.k == VK::integer) {
      out.push_back(std::to_string(a.i));
    } else if (a.k == VK::object && !a.extra.empty()) {
      out.push_back(a.extra);
      if (is_partial(a.extra)) known = false;
    } else {
      out.emplace_back(1, kUnknownPart);
      known = false;
    }
  }
  if (out.empty()) {
    out.emplace_back(1, kUnknownPart);
    known = false;
  }
  if (all_known) *all_known = known;
  return out;
}

// A pathlib.Path object for each of `paths`, carrying the arguments' taint.
Value path_objects(const std::vector<std::string>& paths, uint32_t taint, int32_t ev) {
  Value out;
  bool any = false;
  for (const auto& s : paths) accumulate(out, any, Value::object("pathlib.Path", s));
  out.taint = taint;
  out.ev = ev;
  return out;
}

Value strings(const std::vector<std::string>& xs, VK kind, uint32_t taint, int32_t ev) {
  Value v;
  for (const auto& s : xs) {
    Alt a = std::move(Value::str(s).alts[0]);  // (at most kMaxString bytes, as every string)
    a.k = kind;
    v.add(std::move(a));
  }
  v.taint = taint;
  v.ev = ev;
  return v;
}

std::string path_join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) {
    // "~/" here stands for the home directory (Path.home(), expanduser), an
    // absolute path: `workdir / Path(found).expanduser()` is the found file.
    if (!p.empty() && (p[0] == '/' || p.rfind("~/", 0) == 0)) out = p;
    else if (out.empty()) out = p;
    else if (out.back() == '/') out += p;
    else out += "/" + p;
  }
  return out;
}

// The paths that joining each alternative of each part in turn can give,
// at most as many as a Value holds (a base from a few roots joined to each
// of a list's names, the user's credentials directories among them).
std::vector<std::string> joined_paths(const std::vector<const Value*>& parts) {
  std::vector<std::string> acc{std::string()};
  for (const Value* v : parts) {
    std::vector<std::string> next;
    for (const auto& base : acc)
      for (const auto& t : texts(*v))
        if (next.size() < Value::kMaxAlts) next.push_back(base.empty() ? t : path_join({base, t}));
    acc = std::move(next);
  }
  return acc;
}

std::string dirname_of(const std::string& p) {
  size_t e = p.rfind('/');
  if (e == std::string::npos) return "";
  if (e == 0) return "/";
  return p.substr(0, e);
}

std::string basename_of(const std::string& p) {
  size_t e = p.rfind('/');
  return e == std::string::npos ? p : p.substr(e + 1);
}

// The kind of value a factory passed by name makes (default_factory=list,
// defaultdict(dict)): VK::none for anything but a builtin container or scalar.
VK factory_kind(const Value* f) {
  const Alt* a = f ? f->single() : nullptr;
  if (!a || (a->k != VK::libfunc && a->k != VK::module)) return VK::none;
  std::string n = a->s.substr(a->s.rfind('.') == std::string::npos ? 0 : a->s.rfind('.') + 1);
  return n == "list" || n == "set" ? VK::list : n == "dict" ? VK::dict : n == "int" ? VK::integer
         : n == "str" ? VK::str : VK::none;
}

// configparser's getboolean/getint/getfloat of a value: each known text
// converted as configparser converts it ("no" is False), anything else unknown.
Value config_typed(const Value& raw, std::string_view getter) {
  if (getter == "get") return raw;  // the text as written
  Value out;
  bool any = false;
  auto put = [&](const Value& v) { accumulate(out, any, v); };
  for (const auto& alt : raw.alts) {
    if (alt.k != VK::str || is_partial(alt.s)) {
      Value same;
      if (alt.k == VK::integer || alt.k == VK::boolean || alt.k == VK::none) same.alts.push_back(alt);
      put(std::move(same));
      continue;
    }
    std::string t = alt.s;
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    t.erase(0, t.find_first_not_of(" \t"));
    t.erase(t.find_last_not_of(" \t") + 1);
    if (getter == "getboolean") {
      if (t == "1" || t == "yes" || t == "true" || t == "on") put(Value::boolean(true));
      else if (t == "0" || t == "no" || t == "false" || t == "off") put(Value::boolean(false));
      else put(Value());
    } else if (size_t digits = t.find_first_of("0123456789"); getter == "getint" && t.size() < 18 &&
               digits <= 1 && (digits == 0 || t[0] == '-' || t[0] == '+') &&
               t.find_first_not_of("0123456789", 1) == std::string::npos) {
      put(Value::integer(std::stoll(t)));
    } else {
      put(Value());
    }
  }
  if (!any) out = Value();
  out.taint = raw.taint;
  out.ev = raw.ev;
  return out;
}

// What json.loads makes of a document written in the code (a pipeline's
// configuration as a constant string): dicts, lists and scalars, as far as
// kMaxDepth; deeper parts are unknown.
// A JSON document with parts known only at run time (json.dumps of a value
// holding floats, what the user gave): parsed with each unknown value a
// placeholder string, and unknown parts of strings a private-use character,
// which json_value turns back into unknown values and parts.
constexpr char kUnknownJsonValue[] = "\xEE\x80\x81";  // U+E001
constexpr char kUnknownJsonPart[] = "\xEE\x80\x80";   // U+E000
std::string json_with_placeholders(const std::string& text) {
  static const std::string kValue = "\"\\ue001\"";
  std::string out;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (c == kUnknownPart) {
      const bool after_value = out.size() >= kValue.size() && out.compare(out.size() - kValue.size(), kValue.size(), kValue) == 0;
      if (in_string) out += "\\ue000";
      else if (!after_value) out += kValue;  // (a run of unknown parts is one value)
      continue;
    }
    out += c;
    if (escaped) escaped = false;
    else if (in_string && c == '\\') escaped = true;
    else if (c == '"') in_string = !in_string;
  }
  return out;
}

Value json_value(const nlohmann::json& j, uint32_t taint, int depth = 0) {
  constexpr int kMaxDepth = 8;
  if (depth > kMaxDepth) return Value::tainted(taint, -1);
  Value v;
  switch (j.type()) {
    case nlohmann::json::value_t::object: {
      v = make_dict();
      for (const auto& [k, item] : j.items()) v.alts[0].c->set_key(k, json_value(item, taint, depth + 1));
      break;
    }
    case nlohmann::json::value_t::array: {
      std::vector<Value> items;
      for (const auto& item : j) items.push_back(json_value(item, taint, depth + 1));
      v = make_list(std::move(items));
      break;
    }
    case nlohmann::json::value_t::string: {
      std::string s = j.get<std::string>();
      if (s == kUnknownJsonValue) return Value::tainted(taint, -1);
      for (size_t at = s.find(kUnknownJsonPart); at != std::string::npos; at = s.find(kUnknownJsonPart, at + 1))
        s.replace(at, 3, 1, kUnknownPart);
      v = Value::str(std::move(s));
      break;
    }
    case nlohmann::json::value_t::boolean: v = Value::boolean(j.get<bool>()); break;
    case nlohmann::json::value_t::number_integer: case nlohmann::json::value_t::number_unsigned:
      v = Value::integer(j.get<int64_t>());
      break;
    case nlohmann::json::value_t::null: v = Value::none(); break;
    default: return Value::tainted(taint, -1);  // floats: their value does not matter here
  }
  v.taint = taint;
  return v;
}

// What yaml.safe_load makes of a document written in the code: mappings,
// sequences and scalars (as text), as far as kMaxDepth.
Value yaml_value(const YAML::Node& n, uint32_t taint, int depth = 0) {
  constexpr int kMaxDepth = 8;
  if (depth > kMaxDepth) return Value::tainted(taint, -1);
  Value v;
  if (n.IsMap()) {
    v = make_dict();
    for (const auto& kv : n)
      if (kv.first.IsScalar()) v.alts[0].c->set_key(kv.first.Scalar(), yaml_value(kv.second, taint, depth + 1));
  } else if (n.IsSequence()) {
    std::vector<Value> items;
    for (const auto& item : n) items.push_back(yaml_value(item, taint, depth + 1));
    v = make_list(std::move(items));
  } else if (n.IsScalar()) {
    v = Value::str(n.Scalar());
  } else if (n.IsNull()) {
    v = Value::none();
  } else {
    return Value::tainted(taint, -1);
  }
  v.taint = taint;
  return v;
}

// configparser's reading of an INI document written in the code: each
// section a dict of its options (names lower-cased, as optionxform does),
// values stripped, indented lines continuing the value before them.
void ini_sections(const std::string& text, Container& into, uint32_t taint) {
  std::string section;
  Value* current = nullptr;
  std::string last_key;
  size_t b = 0;
  while (b <= text.size()) {
    size_t e = text.find('\n', b);
    if (e == std::string::npos) e = text.size();
    std::string line = text.substr(b, e - b);
    b = e + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#' || line[first] == ';') continue;
    std::string body = line.substr(first, line.find_last_not_of(" \t") + 1 - first);
    if (first > 0 && current && !last_key.empty()) {  // a continuation line
      if (const Value* v = current->alts[0].c->get_key(last_key))
        if (const Alt* a = v->single(); a && a->k == VK::str) {
          Value joined = Value::str(a->s + "\n" + body);
          joined.taint = taint;
          current->alts[0].c->set_key(last_key, std::move(joined));
        }
      continue;
    }
    if (body.front() == '[' && body.back() == ']') {
      section = body.substr(1, body.size() - 2);
      if (!into.get_key(section)) {
        Value d = make_dict();
        d.taint = taint;
        into.set_key(section, std::move(d));
      }
      current = into.get_key(section);
      last_key.clear();
      continue;
    }
    if (!current || !current->single() || !current->alts[0].c) continue;
    size_t sep = body.find_first_of("=:");
    std::string key = body.substr(0, sep);
    key = key.substr(0, key.find_last_not_of(" \t") + 1);
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string value = sep == std::string::npos ? "" : body.substr(sep + 1);
    size_t vs = value.find_first_not_of(" \t");
    value = vs == std::string::npos ? "" : value.substr(vs);
    Value v = Value::str(value);
    v.taint = taint;
    current->alts[0].c->set_key(key, std::move(v));
    last_key = key;
  }
}

// A section's options given in the code (read_dict, parser["agent"] = DEFAULTS):
// defaults a file read later may override, so each is a setting the user may
// change, as an option's default is (names lower-cased, as optionxform does).
void ini_defaults(const Value& parser, const std::string& section, const Value& options) {
  const Alt* o = options.single();
  if (!o || o->k != VK::dict || !o->c) return;
  for (const auto& a : parser.alts) {
    if (a.k != VK::object || !a.c) continue;
    if (!a.c->get_key(section)) a.c->set_key(section, make_dict());
    Value* into = a.c->get_key(section);
    if (!into->single() || !into->alts[0].c) continue;
    for (const auto& [key, value] : o->c->keyed) {
      std::string name = key;
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      Value setting = value;
      setting.taint |= kOption;
      into->alts[0].c->set_key(name, std::move(setting));
    }
  }
}

std::string json_text(const Value& v, int depth = 0);

// Texts of several alternatives as one: what they share at the start and at
// the end around an unknown part ("stratum+tcp://…" of two pools' URLs).
std::string shared_text(const std::vector<std::string>& texts) {
  std::string prefix = texts.front(), suffix = texts.front();
  for (const auto& t : texts) {
    size_t p = 0;
    while (p < prefix.size() && p < t.size() && prefix[p] == t[p]) ++p;
    prefix.resize(p);
    size_t q = 0;
    while (q < suffix.size() && q < t.size() && suffix[suffix.size() - 1 - q] == t[t.size() - 1 - q]) ++q;
    suffix.erase(0, suffix.size() - q);
  }
  size_t shortest = texts.front().size();
  for (const auto& t : texts) shortest = std::min(shortest, t.size());
  if (prefix.size() + suffix.size() > shortest) suffix.erase(0, prefix.size() + suffix.size() - shortest);
  return prefix + kUnknownPart + suffix;
}

// json.dumps of a value, as far as it is known (unknown parts as kUnknownPart;
// one of several values as what they share).
std::string json_text(const Value& v, int depth) {
  const Alt* a = v.single();
  if (!a && v.alts.size() > 1 && depth <= 6) {
    std::vector<std::string> texts;
    for (const auto& alt : v.alts) {
      Value one;
      one.alts.push_back(alt);
      texts.push_back(json_text(one, depth + 1));
    }
    return shared_text(texts);
  }
  if (!a || depth > 6) return std::string(1, kUnknownPart);
  switch (a->k) {
    case VK::str: return "\"" + a->s + "\"";
    case VK::integer: return std::to_string(a->i);
    case VK::boolean: return a->i ? "true" : "false";
    case VK::none: return "null";
    case VK::list: case VK::tuple: {
      if (!a->c) break;
      std::string out = "[";
      for (size_t i = 0; i < a->c->items.size(); ++i) out += (i ? ", " : "") + json_text(a->c->items[i], depth + 1);
      if (a->c->open) out += std::string(a->c->items.empty() ? "" : ", ") + kUnknownPart;
      return out + "]";
    }
    case VK::dict: {
      if (!a->c) break;
      std::string out = "{";
      bool first = true;
      for (const auto& [k, val] : a->c->keyed) {
        out += (first ? "\"" : ", \"") + k + "\": " + json_text(val, depth + 1);
        first = false;
      }
      // Values under keys known only at run time ({rename(k): v for k, v in
      // p.items()}) are written too, each under an unknown key.
      size_t shown = 0;
      for (const auto& val : a->c->items) {
        if (++shown > 16) break;
        out += std::string(first ? "" : ", ") + kUnknownPart + ": " + json_text(val, depth + 1);
        first = false;
      }
      // An open dict's other values (what a comprehension with computed keys
      // made), each alternative an entry of its own, then the unknown rest.
      if (a->c->open)
        for (const auto& alt : a->c->rest.alts) {
          if (alt.k == VK::unknown) continue;
          Value one;
          one.alts.push_back(alt);
          out += std::string(first ? "" : ", ") + kUnknownPart + ": " + json_text(one, depth + 1);
          first = false;
        }
      if (a->c->open) out += std::string(first ? "" : ", ") + kUnknownPart;
      return out + "}";
    }
    default: break;
  }
  return std::string(1, kUnknownPart);
}

// re.split's pieces of `text` at `pattern` (at most `max_splits` cuts when
// positive), or nothing where RE2 cannot say what Python would: a pattern
// it does not read, capturing groups (Python keeps them), empty matches.
std::optional<std::vector<std::string>> split_at_pattern(const std::string& pattern, const std::string& text,
                                                         int64_t max_splits) {
  constexpr size_t kMaxPieces = 256;
  RE2::Options options;
  options.set_log_errors(false);
  RE2 re(pattern, options);
  if (!re.ok() || re.NumberOfCapturingGroups() > 0) return std::nullopt;
  std::vector<std::string> pieces;
  re2::StringPiece match;
  size_t from = 0, piece_start = 0;
  while (from <= text.size() && (max_splits <= 0 || static_cast<int64_t>(pieces.size()) < max_splits) &&
         re.Match(text, from, text.size(), RE2::UNANCHORED, &match, 1)) {
    if (match.empty() || pieces.size() >= kMaxPieces) return std::nullopt;
    const size_t at = static_cast<size_t>(match.data() - text.data());
    pieces.push_back(text.substr(piece_start, at - piece_start));
    piece_start = from = at + match.size();
  }
  pieces.push_back(text.substr(piece_start));
  return pieces;
}

// The name of a temporary file or directory (tempfile's mkstemp, mkdtemp,
// NamedTemporaryFile): nobody can predict it, yet it is the same for every
// use of the one made at `site`, so what is written there is followed.
std::string temporary_name(const Value* dir, const Value* suffix, const char* stem, NodeId site) {
  std::string where = dir && !is_partial(first_text(*dir)) ? first_text(*dir) : std::string("/tmp");
  std::string name = where + "/" + std::string(1, kUnknownPart) + "/" + stem + std::to_string(site);
  if (suffix) name += first_text(*suffix);
  return name;
}

}  // namespace

Value PyInterp::apply_special(const ApiSpec& spec, const std::string& q, const Value* self, Args& args,
                              NodeId site, bool& handled) {
  handled = true;
  const Value* a0 = args.get(0, "");
  auto arg = [&](int p, const char* kw) -> const Value* { return args.get(p, kw); };
  uint32_t in_taint = args.taint() | (self ? self->taint : 0);
  int32_t in_ev = args.ev() >= 0 ? args.ev() : self ? self->ev : -1;
  switch (spec.special_id) {
    case Special::import_module: {
      const Value* n = arg(0, "name");
      if (!n) return Value();
      Value out;
      bool any = false;
      for (const auto& s : texts(*n)) {
        Value m;
        if (!is_partial(s)) {
          import_effects(s, site);
          m = Value::module(ctx_.lib.canonical_module(s));
        }
        // A name we cannot read may come from a directory on sys.path that
        // holds an extracted download (a known name: import_effects).
        if (ctx_.import_dir_taint && is_partial(s))
          run_nested_python(Value::tainted(ctx_.import_dir_taint, ctx_.import_dir_ev), site, "in the module it imports");
        if (!any) out = m;
        else out.join(m);
        any = true;
      }
      return out;
    }
    case Special::getattr: {
      const Value* obj = arg(0, "");
      const Value* name = arg(1, "");
      if (!obj || !name) return Value();
      Value out;
      bool any = false;
      std::vector<std::string> names = texts(*name);
      if (names.empty()) names.emplace_back(1, kUnknownPart);  // a name not known at all
      for (const auto& s : names) {
        // A name known only at run time may pick any attribute the object holds.
        Value r;
        if (is_partial(s)) {
          r = attributes_named_like(*obj, s, site);
        } else {
          r = attribute_of(*obj, fold_identifier(s), site);
        }
        // A name built from decoded or obfuscated data picks the function,
        // unless it is only pieces joined, known whole, and names a function
        // the model knows (getattr(libc, "".join(("set", "res", "gid"))) is
        // setresgid: its own effect says what the call does). A decoded
        // name (base64 of "system") still hides what runs.
        const bool resolved = !(name->taint & kDecoded) && !is_partial(s) && !r.alts.empty() &&
                              std::all_of(r.alts.begin(), r.alts.end(), [](const Alt& a) { return a.k == VK::libfunc; });
        if ((name->taint & (kDecoded | kObfuscated)) && !resolved) {
          r.taint |= kHiddenName | (name->taint & (kDecoded | kObfuscated));
          if (r.ev < 0) r.ev = name->ev;
        }
        if (!any) out = r;
        else out.join(r);
        any = true;
      }
      if (const Value* d = arg(2, "")) out.join(*d);
      return out;
    }
    case Special::exception_text: {
      Value out = Value::tainted(raised_.taint | in_taint, raised_.ev >= 0 ? raised_.ev : in_ev);
      return out;
    }
    case Special::operator_fn: {
      static const std::pair<const char*, const char*> ops[] = {
          {"add", "+"}, {"concat", "+"}, {"iadd", "+"},  {"sub", "-"},     {"mul", "*"},     {"mod", "%"},
          {"xor", "^"}, {"and_", "&"},   {"or_", "|"},   {"lshift", "<<"}, {"rshift", ">>"}, {"floordiv", "//"},
          {"__add__", "+"}, {"__xor__", "^"}};
      const Value* b = arg(1, "");
      if (!a0 || !b) return Value::tainted(in_taint, in_ev);
      std::string fn = q.substr(q.rfind('.') + 1);
      for (const auto& [name, op] : ops)
        if (fn == name) return binary(op, *a0, *b, site);
      return Value::tainted(in_taint, in_ev);
    }
    case Special::method_caller: {
      // methodcaller(name, *args), attrgetter(name): an object that remembers
      // the name (and the arguments), and uses them when it is called.
      if (!a0) return Value();
      Value out;
      for (const auto& name : string_alternatives(*a0)) {
        if (is_partial(name)) continue;
        Alt o;
        o.k = VK::object;
        o.s = q;
        o.extra = name;
        if (args.pos.size() > 1) {
          o.c = new_container();
          for (size_t i = 1; i < args.pos.size(); ++i) o.c->push(args.pos[i]);
        }
        out.add(std::move(o));
      }
      out.taint = a0->taint;
      return out;
    }
    case Special::caller_call: {
      if (!self || !a0) return Value::tainted(in_taint, in_ev);
      Value out;
      bool any = false;
      for (const Alt& o : self->alts) {
        if (o.k != VK::object) continue;
        if (o.s == "operator.attrgetter") {
          Value v = *a0;
          for (size_t at = 0; at <= o.extra.size();) {  // attrgetter("a.b"): x.a.b
            size_t dot = std::min(o.extra.find('.', at), o.extra.size());
            v = attribute_of(v, o.extra.substr(at, dot - at), site);
            at = dot + 1;
          }
          accumulate(out, any, v);
          continue;
        }
        Args inner;
        if (o.c) inner.pos = o.c->items;
        inner.kw = args.kw;
        accumulate(out, any, call(attribute_of(*a0, o.extra, site), inner, site));
      }
      if (!any) return Value::tainted(in_taint, in_ev);
      return out;
    }
    case Special::reduce: {
      // reduce(f, items[, initial]): f folded over the items, when they are known.
      const Value* f = a0;
      const Value* seq = arg(1, "");
      const Value* initial = arg(2, "");
      if (!f || !seq) return Value::tainted(in_taint, in_ev);
      std::vector<Value> items;
      Value sum = iterate(*seq, &items);
      if (items.empty() || items.size() > 256) {
        Value out = Value::tainted(in_taint | sum.taint, in_ev);
        return out;
      }
      size_t k = 0;
      Value acc = initial ? *initial : items[k++];
      for (; k < items.size(); ++k) {
        Args step;
        step.pos = {acc, items[k]};
        acc = call(*f, step, site);
      }
      return acc;
    }
    case Special::setattr: {
      const Value* obj = arg(0, "");
      const Value* name = arg(1, "");
      const Value* value = arg(2, "");
      if (obj && name && value)
        for (const auto& s : texts(*name))
          if (!is_partial(s)) assign_attribute(*obj, fold_identifier(s), *value, site);
      return Value::none();
    }
    case Special::hasattr: return Value::boolean(true);
    case Special::globals: return Value::object("globals");
    case Special::vars: {
      if (!a0) return Value::object("globals");
      for (const auto& a : a0->alts) {
        // vars(args): a dict over the argparse namespace's options.
        if (a.k == VK::object && a.s == "argparse.Namespace" && a.c) {
          Value d = make_dict();
          d.alts[0].c = a.c;
          return d;
        }
        if (a.k == VK::module || a.k == VK::libfunc) {
          if (a.s == "builtins") return Value::object("builtins.__dict__");
          return Value::object("vars", a.s);
        }
        if (a.k == VK::instance) return instance_dict(*a0);
        if (a.k == VK::cls && a.fn) {
          // vars(cls): the class body's names and values (a table of
          // component lists walked by name)
          const auto& cls = *static_cast<const ClassInfo*>(a.fn);
          Value d = make_dict();
          if (cls.scope) {
            std::vector<std::string> names;
            for (const auto& name_value : cls.scope->vars) names.push_back(name_value.first);
            std::sort(names.begin(), names.end());  // (a definite order; Python's is the body's)
            for (const auto& name : names) d.alts[0].c->set_key(name, cls.scope->vars.at(name));
          }
          return d;
        }
      }
      return Value::tainted(a0->taint, a0->ev);
    }
    case Special::dir_names: {
      // dir(self) of the code's own class: its methods' and attributes'
      // names, sorted as Python lists them, so a loop that calls every
      // `src_*` method by name (getattr(self, name)()) calls each one.
      std::vector<std::string> names;
      bool known = a0 && !a0->alts.empty();
      for (const auto& a : a0 ? a0->alts : std::vector<Alt>{}) {
        if ((a.k != VK::instance && a.k != VK::cls) || !a.fn) {
          known = false;
          break;
        }
        const auto more = attribute_names(a);
        names.insert(names.end(), more.begin(), more.end());
      }
      if (!known) return Value::tainted(a0 ? a0->taint : 0, a0 ? a0->ev : -1);
      std::sort(names.begin(), names.end());
      names.erase(std::unique(names.begin(), names.end()), names.end());
      std::vector<Value> items;
      for (auto& n : names) items.push_back(Value::str(std::move(n)));
      return make_list(std::move(items));
    }
    case Special::builtins_dict: return Value::object("builtins.__dict__");
    case Special::sys_modules: return Value::object("sys.modules");
    case Special::str: case Special::repr: {
      if (!a0) return Value::str("");
      Value out;
      bool any = false;
      for (const auto& a : a0->alts) {
        Value one;
        if (a.k == VK::str || a.k == VK::bytes) one = Value::str(a.s);
        else if (a.k == VK::integer) one = Value::str(std::to_string(a.i));
        else if (a.k == VK::boolean) one = Value::str(a.i ? "True" : "False");
        else if (a.k == VK::none) one = Value::str("None");
        else if (a.k == VK::object && !a.extra.empty()) one = Value::str(a.extra);
        else one = Value::str(std::string(1, kUnknownPart));
        if (!any) out = one;
        else out.join(one);
        any = true;
      }
      if (!any) out = Value::str(std::string(1, kUnknownPart));
      out.taint = a0->taint;
      out.ev = a0->ev;
      return out;
    }
    case Special::bytes: {
      if (q == "builtins.bytearray") {
        // A mutable byte buffer: a list of ints (append/extend work on it).
        std::vector<Value> items;
        if (a0) {
          Value sum = iterate(*a0, &items);
          if (items.empty() && !a0->alts.empty() && !(a0->single() && a0->single()->c)) {
            Value l = make_list({});
            l.alts[0].c->open = true;
            l.alts[0].c->rest = sum;
            l.taint = a0->taint;
            return l;
          }
        }
        Value l = make_list(std::move(items));
        if (a0) l.taint |= a0->taint;
        return l;
      }
      if (!a0) return Value::bytes("");
      Value out;
      bool any = false;
      bool from_numbers = false;
      for (const auto& a : a0->alts) {
        Value one;
        if (a.k == VK::str || a.k == VK::bytes) one = Value::bytes(a.s);
        else if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open) {
          std::string s;
          bool ok = true;
          for (const auto& x : a.c->items) {
            const Alt* xi = x.single();
            if (!xi || xi->k != VK::integer) {
              ok = false;
              break;
            }
            s += static_cast<char>(xi->i & 0xff);
          }
          from_numbers |= ok;
          one = ok ? Value::bytes(concrete(s)) : Value();
        } else {
          one = Value();
        }
        if (!any) out = one;
        else out.join(one);
        any = true;
      }
      out.taint = deep_taint(*a0);
      // Bytes built from numbers written in the code (as chr() builds
      // characters): a hidden string, whether run at once or appended in a loop.
      if (from_numbers) out.taint |= kObfuscated;
      out.ev = deep_ev(*a0);
      return out;
    }
    case Special::chr: {
      if (!a0) return Value();
      Value out;
      bool any = false;
      for (const auto& a : a0->alts) {
        Value one;
        if (a.k == VK::integer && a.i >= 0 && a.i < 0x110000) {
          std::string s;
          append_utf8(static_cast<uint32_t>(a.i), s);
          one = Value::str(concrete(s));
        } else {
          one = Value::str(std::string(1, kUnknownPart));
        }
        if (!any) out = one;
        else out.join(one);
        any = true;
      }
      if (!any) out = Value::str(std::string(1, kUnknownPart));
      out.taint |= a0->taint;
      // Characters built from numbers written in the code: a hidden string.
      bool known = !a0->alts.empty() && !a0->maybe_unknown();
      if (known || (a0->taint & (kConstData | kObfuscated))) out.taint |= kObfuscated;
      if (out.ev < 0) out.ev = a0->ev;
      return out;
    }
    case Special::ord: {
      if (a0)
        if (const Alt* a = a0->single())
          if ((a->k == VK::str || a->k == VK::bytes) && a->s.size() >= 1 && !is_partial(a->s)) {
            unsigned char c = static_cast<unsigned char>(a->s[0]);
            uint32_t cp = c;
            if (c >= 0xc0 && a->s.size() >= 2) {
              if (c < 0xe0) cp = ((c & 31u) << 6) | (static_cast<unsigned char>(a->s[1]) & 63u);
              else if (c < 0xf0 && a->s.size() >= 3)
                cp = ((c & 15u) << 12) | ((static_cast<unsigned char>(a->s[1]) & 63u) << 6) |
                     (static_cast<unsigned char>(a->s[2]) & 63u);
            }
            Value v = Value::integer(cp);
            v.taint = a0->taint;
            return v;
          }
      return Value::tainted(in_taint, in_ev);
    }
    case Special::join_path: {
      std::vector<std::vector<std::string>> parts;
      std::vector<const Value*> vs;
      if (self && spec.roles.count("path")) vs.push_back(self);
      for (const auto& v : args.pos) vs.push_back(&v);
      std::vector<std::string> acc = joined_paths(vs);
      if (args.star_unknown)
        for (auto& s : acc) s = path_join({s, std::string(1, kUnknownPart)});
      // Path.joinpath(...) is a path object (its write_text, open ... are the file's)
      if (spec.returns == "pathlib.Path") return path_objects(acc, in_taint, in_ev);
      return strings(acc, VK::str, in_taint, in_ev);
    }
    case Special::caching_decorator: {
      // functools.lru_cache(f) is f as far as what it does; lru_cache(maxsize=None)
      // is a decorator that gives back what it is applied to.
      if (a0 && std::any_of(a0->alts.begin(), a0->alts.end(), [](const Alt& a) {
            return a.k == VK::function || a.k == VK::method || a.k == VK::cls || a.k == VK::libfunc;
          }))
        return *a0;
      return Value::libfunc(q);
    }
    case Special::expanduser: case Special::identity: case Special::first_arg: {
      const Value* v = a0 ? a0 : self;
      if (!v) return Value();
      Value out = *v;
      if (spec.special_id == Special::expanduser && self && !a0) out = *self;
      // The same object seen as another type (a process's stdin: the
      // process, whose command line its writes feed).
      if (spec.special_id == Special::identity && !spec.returns.empty())
        for (auto& a : out.alts)
          if (a.k == VK::object) a.s = spec.returns;
      return out;
    }
    case Special::url_query: {
      // urlencode({"q": city, "appid": key}): "q=...&appid=..." with each
      // value's text, so what rides in a URL's query is seen under its name
      // (a key under "appid" authenticates to the API it goes to).
      if (!a0) return Value();
      const Alt* d = a0->single();
      std::vector<std::pair<std::string, const Value*>> pairs;
      bool open = false;
      if (d && d->k == VK::dict && d->c) {
        for (const auto& [k, v] : d->c->keyed) pairs.emplace_back(k, &v);
        open = d->c->open;
      } else if (d && (d->k == VK::list || d->k == VK::tuple) && d->c) {
        for (const auto& item : d->c->items) {
          const Alt* kv = item.single();
          if (!kv || !kv->c || kv->c->items.size() != 2) {
            open = true;
            continue;
          }
          pairs.emplace_back(first_text(kv->c->items[0]), &kv->c->items[1]);
        }
        open = open || d->c->open;
      } else {
        return *a0;  // already text, or unknown
      }
      std::string query;
      for (const auto& [k, v] : pairs) {
        if (!query.empty()) query += '&';
        query += k + "=" + first_text(*v);
      }
      if (open) query += std::string(query.empty() ? "" : "&") + kUnknownPart;
      Value text = Value::str(query, deep_taint(*a0));
      text.ev = deep_ev(*a0);
      return text;
    }
    case Special::run_path: {
      // runpy.run_path(file), importlib's spec_from_file_location(name, file):
      // the file's code runs here, with what was written into it.
      std::optional<Value> pv = role_value(spec, "path", args, self);
      std::string path = pv ? likely_text(*pv) : std::string(1, kUnknownPart);
      std::string norm = ctx_.path(path);
      uint32_t t = ctx_.read_taint(norm, ctx_.classify(norm)) & ~kFileData;
      int32_t ev = pv ? pv->ev : -1;
      // Whichever file it is (a path found by a glob may be one of several).
      for (const auto& alt : pv ? string_alternatives(*pv, 4) : std::vector<std::string>{path})
        if (const auto* w = ctx_.written_at(ctx_.path(alt))) {
          t |= w->first;
          ev = w->second;
        }
      Value code = Value::tainted(t, ev);
      if (const std::string* text = ctx_.written_text_at(norm)) {
        code = Value::str(*text, t);
        code.ev = ev;
      }
      run_nested_python(code, site, "in the file it runs");
      return Value::object(spec.returns.empty() ? "object" : spec.returns, path);
    }
    case Special::loader_spec: {
      // importlib.util.spec_from_loader(name, loader): the module made from the
      // spec runs the source the code's own loader gives (a SourceLoader's
      // get_data, a loader's get_source or get_code).
      if (std::optional<Value> lv = role_value(spec, "loader", args, self))
        for (const auto& a : lv->alts)
          for (const char* getter : {"get_data", "get_source", "get_code"}) {
            Args which;  // the module's name or path: known only to the import system
            which.pos.emplace_back();
            if (auto code = call_own_method(a, getter, which, site)) {
              run_nested_python(*code, site, "in the module its loader gives");
              break;
            }
          }
      return Value::object(spec.returns.empty() ? "object" : spec.returns);
    }
    case Special::fixed_file: {
      // An API that reads a file of its own (spwd reads /etc/shadow): that
      // read, and what it returns holds what the file holds.
      std::string norm = ctx_.path(spec.str_value.value_or(""));
      uint32_t cls = ctx_.classify(norm);
      Effect e;
      e.kind = Eff::file_read;
      e.tag = "read";
      e.target = norm;
      e.path_classes = cls;
      e.flags |= kConstTarget;
      ctx_.effect(std::move(e), site_of(site));
      uint32_t t = ctx_.read_taint(norm, cls);
      Value v = spec.returns == "list" ? make_list({}) : Value::object(spec.returns.empty() ? "object" : spec.returns, norm);
      if (spec.returns == "list") v.alts[0].c->open = true;
      v.taint |= t;
      v.ev = evidence(site, "reads " + printable(norm) + " (" + q + ")");
      if (spec.returns == "list") v.alts[0].c->rest = Value::tainted(t, v.ev);
      return v;
    }
    case Special::native_library: {
      // ctypes.CDLL(path), cffi's dlopen(path): a shared library's code runs
      // when it is loaded, so a library this code downloaded or decoded into
      // a file is that data run (a system library is just a library).
      std::optional<Value> nv = role_value(spec, "name", args, self);
      std::string path = nv ? first_text(*nv) : std::string();
      if (const auto* w = path.empty() ? nullptr : ctx_.written_at(ctx_.path(path)))
        if (w->first & (kDownloaded | kDecoded | kObfuscated)) {
          Effect e;
          e.kind = Eff::exec;
          e.tag = "native_library";
          e.target = path;
          e.detail = "loads the shared library " + printable(path);
          e.data_taint = w->first;
          e.data_ev = w->second;
          ctx_.effect(std::move(e), site_of(site));
        }
      handled = false;  // the spec's own result: the library object
      return Value();
    }
    case Special::shell_split: {
      // shlex.split("sudo systemctl restart x"): the words of a constant
      // line (quotes and backslashes as the POSIX shell reads them), so the
      // argv that runs is known; anything else is a list of unknown words.
      if (!a0) return Value();
      Value out;
      bool any = false;
      for (const auto& a : a0->alts) {
        if (a.k != VK::str || is_partial(a.s)) {
          Value l = make_list({});
          l.alts[0].c->open = true;
          l.alts[0].c->rest = Value::str(std::string(1, kUnknownPart), a0->taint);
          accumulate(out, any, l);
          continue;
        }
        std::vector<Value> words;
        std::string cur;
        bool in_word = false;
        char quote = 0;
        for (size_t i = 0; i < a.s.size() && words.size() < 64; ++i) {
          char c = a.s[i];
          if (quote) {
            if (c == quote) quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < a.s.size()) cur += a.s[++i];
            else cur += c;
          } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
          } else if (c == '\\' && i + 1 < a.s.size()) {
            cur += a.s[++i];
            in_word = true;
          } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) words.push_back(Value::str(cur, a0->taint));
            cur.clear();
            in_word = false;
          } else {
            cur += c;
            in_word = true;
          }
        }
        if (in_word) words.push_back(Value::str(cur, a0->taint));
        accumulate(out, any, make_list(std::move(words)));
      }
      out.taint |= a0->taint;
      out.ev = a0->ev;
      return out;
    }
    case Special::expandvars: {
      if (!a0) return Value();
      std::vector<std::string> out;
      for (auto s : texts(*a0)) {
        for (const char* h : {"${HOME}", "$HOME"}) {
          size_t p;
          while ((p = s.find(h)) != std::string::npos) s.replace(p, std::strlen(h), "~");
        }
        std::string r;
        for (size_t i = 0; i < s.size(); ++i) {
          if (s[i] == '$') {
            size_t j = i + 1;
            if (j < s.size() && s[j] == '{') {
              size_t e = s.find('}', j);
              j = e == std::string::npos ? s.size() : e + 1;
            } else {
              while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
            }
            r += kUnknownPart;
            i = j - 1;
          } else {
            r += s[i];
          }
        }
        out.push_back(r);
      }
      return strings(out, VK::str, a0->taint | kEnv, a0->ev);
    }
    case Special::basename: case Special::dirname: {
      const Value* v = a0 ? a0 : self;
      if (!v) return Value();
      std::vector<std::string> out;
      for (const auto& s : texts(*v))
        out.push_back(spec.special_id == Special::basename ? basename_of(s) : dirname_of(s));
      // The directory of this program is not this program (a sibling script run from it is another one).
      uint32_t taint = spec.special_id == Special::dirname ? v->taint & ~kSelf : v->taint;
      return strings(out, VK::str, taint, v->ev);
    }
    case Special::dedent: {
      // textwrap.dedent(s): each text without its common indentation
      if (!a0) return Value();
      std::vector<std::string> out;
      for (const auto& s : texts(*a0)) out.push_back(dedent(s));
      return strings(out, VK::str, a0->taint, a0->ev);
    }
    case Special::relpath: {
      // os.path.relpath(p, start): p below start (".ssh/id_rsa" of "~/.ssh/id_rsa" and "~")
      if (!a0) return Value();
      const Value* start = arg(1, "start");
      const std::string base = start ? first_text(*start) : std::string(1, kUnknownPart);
      std::vector<std::string> out;
      for (const auto& s : texts(*a0)) out.push_back(path_below(s, base));
      return strings(out, VK::str, a0->taint, a0->ev);
    }
    case Special::path_attr: {
      // Path.parent / .name / .stem / .suffix
      if (!self) return Value();
      std::vector<std::string> out;
      std::string attr = spec.name.substr(spec.name.rfind('.') + 1);
      if (attr == "relative_to") {
        // p.relative_to(base): p's path below base (".ssh/id_rsa" of "~/.ssh/id_rsa" and "~")
        std::string base = a0 ? first_text(*a0) : std::string(1, kUnknownPart);
        std::vector<std::string> rel;
        for (const auto& s : texts(*self)) rel.push_back(path_below(s, base));
        Value v = Value::object("pathlib.Path", rel.empty() ? std::string(1, kUnknownPart) : rel[0]);
        v.taint = self->taint;
        v.ev = self->ev;
        return v;
      }
      if (attr == "with_suffix" || attr == "with_name") {
        // p.with_suffix(".enc"), p.with_name("x"): the same directory, another name
        std::string arg_text = a0 ? first_text(*a0) : std::string(1, kUnknownPart);
        std::string path = texts(*self).empty() ? std::string(1, kUnknownPart) : texts(*self)[0];
        std::string dir = dirname_of(path), base = basename_of(path);
        if (attr == "with_name") {
          base = arg_text;
        } else {
          size_t dot = base.rfind('.');
          if (dot != std::string::npos && dot > 0) base.resize(dot);
          base += arg_text;
        }
        Value v = Value::object("pathlib.Path", dir.empty() || dir == "." ? base : dir + "/" + base);
        // (another file: beside the program is not the program)
        v.taint = (self->taint & ~kSelf) | (a0 ? a0->taint : 0);
        v.ev = self->ev >= 0 ? self->ev : a0 ? a0->ev : -1;
        return v;
      }
      for (const auto& s : texts(*self)) {
        if (attr == "parent") {
          out.push_back(dirname_of(s));
          continue;
        }
        std::string base = basename_of(s);
        size_t dot = base.rfind('.');
        bool ext = dot != std::string::npos && dot > 0;
        // (a name known only in part past its last known dot, or without one,
        // may have any suffix: a walked file's is not known to be "")
        const bool unknown_tail = base.find(kUnknownPart, ext ? dot : 0) != std::string::npos;
        if (attr == "stem") out.push_back(ext ? base.substr(0, dot) : base);
        else if (attr == "suffix" && unknown_tail) out.push_back((ext ? "." : "") + std::string(1, kUnknownPart));
        else if (attr == "suffix") out.push_back(ext ? base.substr(dot) : std::string());
        else out.push_back(base);
      }
      if (attr == "parent") {
        Value v = Value::object("pathlib.Path", out.empty() ? std::string() : out[0]);
        v.taint = self->taint & ~kSelf;  // its directory, not the program
        v.ev = self->ev;
        return v;
      }
      return strings(out, VK::str, self->taint, self->ev);
    }
    case Special::decode_base64: case Special::decode_base32: case Special::decode_base85:
    case Special::decode_hex: case Special::decode_qp: case Special::decode_percent: case Special::decode_codec:
    case Special::decompress: {
      const Value* v = a0 ? a0 : self;
      if (!v) return Value();
      std::string codec;
      if (spec.special_id == Special::decode_codec) {
        const Value* c = arg(1, "encoding");
        codec = c ? first_text(*c) : "utf-8";
        std::transform(codec.begin(), codec.end(), codec.begin(), ::tolower);
      }
      bool rot = codec.find("rot") != std::string::npos;
      bool textual = codec.empty() ? false : (codec.find("utf") != std::string::npos || codec == "ascii" ||
                                              codec.find("latin") != std::string::npos);
      // Decoding data written in the code (or already hidden, or downloaded)
      // reveals a payload; decoding a file or a parameter is ordinary work.
      // A blob the code holds is one even where a file may replace it.
      bool payload = v->all_const_strings() || holds_blob(*v) ||
                     (v->taint & (kConstData | kDecoded | kObfuscated | kDownloaded | kEncrypted));
      if (!payload) textual = true;
      uint32_t taint = v->taint | (textual ? 0u : (rot ? kObfuscated : kDecoded));
      std::vector<std::string> out;
      bool all = true;
      for (const auto& s : texts(*v, &all)) {
        if (is_partial(s)) {
          out.emplace_back(1, kUnknownPart);
          continue;
        }
        std::optional<std::string> d;
        switch (spec.special_id) {
          case Special::decode_base64: d = decode_base64(s); break;
          case Special::decode_base32: d = decode_base32(s); break;
          case Special::decode_base85: d = q.find("a85") != std::string::npos ? decode_ascii85(s) : decode_base85(s); break;
          case Special::decode_hex: d = decode_hex(s); break;
          case Special::decode_qp: d = decode_quoted_printable(s); break;
          case Special::decode_percent: d = decode_percent(s, q.find("plus") != std::string::npos); break;
          case Special::decompress: d = inflate_any(s); break;
          case Special::decode_codec: d = textual ? std::optional<std::string>(s) : decode_codec(s, codec); break;
          default: break;
        }
        out.push_back(d ? concrete(*d) : std::string(1, kUnknownPart));
      }
      int32_t ev = v->ev;
      if (!textual) {
        std::string what = rot ? "decodes rot13 text" : "decodes " + (codec.empty() ? q : codec) + " data";
        ev = evidence(site, what, v->ev);
      }
      for (const auto& d : out)
        if (d.size() >= 16 && !is_partial(d) && ctx_.threats.is_known_payload(sha256_hex(d))) {
          Effect e;
          e.kind = Eff::threat;
          e.tag = "payload";
          e.target = "a decoded payload";
          ctx_.effect(std::move(e), site_of(site));
        }
      bool text_out = (spec.special_id == Special::decode_codec && rot) ||
                      (spec.special_id == Special::decode_percent && q.find("to_bytes") == std::string::npos);
      return strings(out, text_out ? VK::str : VK::bytes, taint, ev);
    }
    case Special::re_sub: {
      // re.sub(pattern, repl, text): the replacement is in the result.
      const Value* repl = arg(1, "repl");
      const Value* text = arg(2, "string");
      std::string r = repl ? first_text(*repl) : std::string(1, kUnknownPart);
      if (repl && repl->alts.size() == 1 && repl->alts[0].k != VK::str) r = std::string(1, kUnknownPart);
      Value v = Value::str(std::string(1, kUnknownPart) + r + std::string(1, kUnknownPart));
      v.taint = (text ? deep_taint(*text) : 0) | (repl ? repl->taint : 0);
      v.ev = text ? text->ev : -1;
      return v;
    }
    case Special::re_split: {
      // re.split(pattern, text[, maxsplit]) of known text at a pattern RE2
      // reads: the pieces (without groups, which Python would keep as well).
      const Value* pattern = arg(0, "pattern");
      const Value* text = arg(1, "string");
      const Value* most = arg(2, "maxsplit");
      const Alt* pa = pattern ? pattern->single() : nullptr;
      const Alt* ta = text ? text->single() : nullptr;
      const Alt* ma = most ? most->single() : nullptr;
      const uint32_t taint = text ? text->taint : 0;
      const int32_t ev = text ? text->ev : -1;
      if (pa && ta && pa->k == VK::str && ta->k == VK::str && !is_partial(pa->s) && !is_partial(ta->s) &&
          !arg(3, "flags") && (!most || (ma && ma->k == VK::integer))) {
        if (auto pieces = split_at_pattern(pa->s, ta->s, ma ? ma->i : 0)) {
          std::vector<Value> items;
          for (auto& piece : *pieces) {
            items.push_back(Value::str(std::move(piece), taint));
            items.back().ev = ev;
          }
          Value list = make_list(std::move(items));
          list.taint = taint;
          list.ev = ev;
          return list;
        }
      }
      Value list = make_list({});
      list.alts[0].c->open = true;
      list.alts[0].c->rest = Value::tainted(taint, ev);
      list.taint = taint;
      list.ev = ev;
      return list;
    }
    case Special::unmarshal: {
      // Compiled code from constant bytes is a hidden payload.
      const Value* v = a0;
      if (!v) return Value();
      Value out = Value::object("code", std::string(1, kUnknownPart));
      out.taint = v->taint;
      out.ev = v->ev;
      if (v->all_const_strings() || (v->taint & (kConstData | kDecoded | kObfuscated | kDownloaded))) {
        out.taint |= kDecoded;
        out.ev = evidence(site, "loads compiled code from embedded data (marshal)", v->ev);
      }
      return out;
    }
    case Special::encode: {
      const Value* v = a0 ? a0 : self;
      if (!v) return Value();
      // rot13 is its own inverse: codecs.encode(x, "rot13") hides or reveals alike.
      if (const Value* c = arg(1, "encoding"); c && spec.name == "codecs.encode") {
        std::string codec = first_text(*c);
        std::transform(codec.begin(), codec.end(), codec.begin(), ::tolower);
        if (codec.find("rot") != std::string::npos) {
          ApiSpec rot = spec;
          rot.special_id = Special::decode_codec;
          return apply_special(rot, q, self, args, site, handled);
        }
      }
      return Value::tainted(v->taint | kEncoded, v->ev);
    }
    case Special::list: case Special::tuple: case Special::set: case Special::sorted: {
      if (!a0) return make_list({}, spec.special_id == Special::tuple ? VK::tuple : spec.special_id == Special::set ? VK::set : VK::list);
      VK k = spec.special_id == Special::tuple ? VK::tuple : spec.special_id == Special::set ? VK::set : VK::list;
      // (a library object's state is not a collection: its items are not known)
      auto closed_collection = [](const Alt& a) {
        return a.c && !a.c->open && (a.k == VK::list || a.k == VK::tuple || a.k == VK::set || a.k == VK::dict);
      };
      // A copy of each of a few known collections it may be (sorted(pins.items())
      // of one dict of several a key picks): pairs stay whole.
      if (a0->alts.size() > 1 && a0->alts.size() <= 4) {
        Value copies;
        bool each_known = true;
        for (const Alt& a : a0->alts) {
          Value one;
          one.alts.push_back(a);
          one.taint = a0->taint;
          one.ev = a0->ev;
          std::vector<Value> items;
          iterate(one, &items);
          if (items.empty() && !closed_collection(a)) {
            each_known = false;
            break;
          }
          Value copy = make_list(std::move(items), k);
          if (&a == &a0->alts.front()) copies = std::move(copy);
          else copies.join(copy);
        }
        if (each_known) return copies;
      }
      std::vector<Value> items;
      Value sum = iterate(*a0, &items);
      if (!items.empty() || (a0->single() && closed_collection(*a0->single())))
        return make_list(std::move(items), k);
      // A copy of an open list keeps its known first elements (list(generator)).
      const Container* oc = k == VK::set || spec.special_id == Special::sorted ? nullptr : open_list(*a0);
      Value v = make_list(oc ? oc->items : std::vector<Value>{}, k);
      v.alts[0].c->open = true;
      v.alts[0].c->rest = sum;
      v.taint = sum.taint | a0->taint;
      v.ev = sum.ev >= 0 ? sum.ev : a0->ev;
      return v;
    }
    case Special::dict: {
      Value d = make_dict();
      auto& c = *d.alts[0].c;
      if (a0) {
        // A copy of each dict it may be (an attribute set on several paths):
        // their keys, joined, stay keys; whatever else it may be opens the copy.
        bool first = true;
        for (const Alt& a : a0->alts) {
          if (a.k == VK::dict && a.c) {
            if (first) {
              c = *a.c;
              first = false;
              continue;
            }
            for (const auto& [k, v] : a.c->keyed) {
              Value joined = v;
              if (const Value* old = c.get_key(k)) joined.join(*old);
              c.set_key(k, std::move(joined));
            }
            if (a.c->open) {
              c.open = true;
              c.rest.join(a.c->rest);
              c.rest_keys.join(a.c->rest_keys);
            }
            continue;
          }
          // dict([(K, V), ...]) of pairs whose keys are known: those keys.
          if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open && a0->alts.size() == 1) {
            auto known_pair = [](const Value& item) {
              const Alt* p = item.single();
              if (!p || (p->k != VK::tuple && p->k != VK::list) || !p->c || p->c->open || p->c->items.size() != 2)
                return false;
              const Alt* k = p->c->items[0].single();
              return k && k->k == VK::str && !is_partial(k->s);
            };
            if (std::all_of(a.c->items.begin(), a.c->items.end(), known_pair)) {
              for (const auto& item : a.c->items) {
                const auto& pair = *item.single()->c;
                Value v = pair.items[1];
                v.add_taint(item.taint, item.ev);
                c.set_key(pair.items[0].single()->s, std::move(v));
              }
              first = false;
              continue;
            }
          }
          Value other;
          other.add(a);
          c.open = true;
          c.rest.join(iterate(other, nullptr));
        }
        if (a0->alts.empty()) {
          c.open = true;
          c.rest = iterate(*a0, nullptr);
        }
        d.taint |= a0->taint;
        d.ev = a0->ev;
      }
      for (const auto& [k, v] : args.kw) {
        c.set_key(k, v);
        d.taint |= v.taint;
        if (d.ev < 0) d.ev = v.ev;
      }
      return d;
    }
    case Special::reversed: {
      if (!a0) return Value();
      Value out;
      bool any = false;
      for (const auto& a : a0->alts) {
        Value one;
        if ((a.k == VK::str || a.k == VK::bytes) && !is_partial(a.s)) {
          std::vector<Value> chars;
          for (auto it = a.s.rbegin(); it != a.s.rend(); ++it) chars.push_back(Value::str(std::string(1, *it)));
          one = make_list(std::move(chars));
        } else if ((a.k == VK::list || a.k == VK::tuple) && a.c && !a.c->open) {
          std::vector<Value> items(a.c->items.rbegin(), a.c->items.rend());
          one = make_list(std::move(items));
        } else {
          one = Value();
        }
        if (!any) out = one;
        else out.join(one);
        any = true;
      }
      out.taint |= a0->taint;
      if (a0->all_const_strings() || (a0->taint & kConstData)) out.taint |= kObfuscated;
      out.ev = a0->ev;
      return out;
    }
    case Special::map: case Special::exec_map: {
      const Value* fn = arg(0, "fn");
      if (!fn) fn = arg(0, "func");
      const Value* it = arg(1, "");
      if (!fn || !it) return Value::tainted(in_taint, in_ev);
      std::vector<Value> items;
      Value sum = iterate(*it, &items);
      std::vector<Value> results;
      if (!items.empty() && items.size() <= 64) {
        for (auto& x : items) {
          Args one;
          one.pos.push_back(x);
          results.push_back(call(*fn, one, site));
        }
        return make_list(std::move(results));
      }
      Args one;
      one.pos.push_back(sum);
      Value r = call(*fn, one, site);
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = r;
      v.taint = r.taint;
      v.ev = r.ev;
      return v;
    }
    case Special::starmap: {
      // Pool.starmap(fn, [(a, b), ...]), itertools.starmap: each item holds
      // one call's arguments.
      const Value* fn = arg(0, "func");
      const Value* it = arg(1, "iterable");
      if (!fn || !it) return Value::tainted(in_taint, in_ev);
      std::vector<Value> items;
      Value sum = iterate(*it, &items);
      if (items.empty() || items.size() > 64) items = {sum};
      Value out = make_list({});
      out.alts[0].c->open = true;
      bool any = false;
      for (const auto& x : items) {
        Args one;
        std::vector<Value> xs;
        Value xsum = iterate(x, &xs);
        if (!xs.empty()) one.pos = std::move(xs);
        else {
          one.star_unknown = true;
          one.extra = xsum;
        }
        accumulate(out.alts[0].c->rest, any, call(*fn, one, site));
      }
      out.taint = out.alts[0].c->rest.taint;
      out.ev = out.alts[0].c->rest.ev;
      return out;
    }
    case Special::chain: case Special::chain_from_iterable: {
      // itertools.chain(a, b, ...) yields the items of each argument in turn;
      // chain.from_iterable(its) the items of each item of its (a directory
      // walk per root, flattened).
      std::vector<Value> iterables;
      if (spec.special_id == Special::chain) iterables = args.pos;
      else if (const Value* its = arg(0, "iterable")) {
        Value sum = iterate(*its, &iterables);
        if (iterables.empty() || iterables.size() > 64) iterables = {sum};
      }
      Value v = make_list({});
      v.alts[0].c->open = true;
      bool any = false;
      for (const auto& x : iterables) accumulate(v.alts[0].c->rest, any, iterate(x, nullptr));
      if (args.star_unknown) accumulate(v.alts[0].c->rest, any, Value::tainted(args.extra.taint, args.extra.ev));
      v.taint = v.alts[0].c->rest.taint;
      v.ev = v.alts[0].c->rest.ev;
      return v;
    }
    case Special::filter: {
      const Value* it = arg(1, "");
      if (!it) return Value();
      Value s = iterate(*it, nullptr);
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = s;
      v.taint = s.taint;
      v.ev = s.ev;
      return v;
    }
    case Special::zip: {
      std::vector<std::vector<Value>> cols;
      bool exact = true;
      std::vector<Value> sums;
      for (const auto& v : args.pos) {
        std::vector<Value> items;
        sums.push_back(iterate(v, &items));
        if (items.empty()) exact = false;
        cols.push_back(std::move(items));
      }
      std::vector<Value> rows;
      if (exact && !cols.empty()) {
        size_t n = cols[0].size();
        for (const auto& c : cols) n = std::min(n, c.size());
        for (size_t i = 0; i < n; ++i) {
          std::vector<Value> row;
          for (const auto& c : cols) row.push_back(c[i]);
          rows.push_back(make_list(std::move(row), VK::tuple));
        }
        return make_list(std::move(rows));
      }
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = make_list(sums, VK::tuple);
      v.taint = in_taint;
      return v;
    }
    case Special::enumerate: {
      if (!a0) return Value();
      std::vector<Value> items;
      Value sum = iterate(*a0, &items);
      std::vector<Value> rows;
      if (!items.empty()) {
        int64_t i = 0;
        for (auto& x : items) rows.push_back(make_list({Value::integer(i++), x}, VK::tuple));
        return make_list(std::move(rows));
      }
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = make_list({Value(), sum}, VK::tuple);
      v.taint = sum.taint;
      return v;
    }
    case Special::range: {
      int64_t lo = 0, hi = -1, step = 1;
      auto num = [](const Value* v, int64_t& out) {
        if (!v) return false;
        if (const Alt* a = v->single())
          if (a->k == VK::integer) {
            out = a->i;
            return true;
          }
        return false;
      };
      bool ok = false;
      if (args.pos.size() == 1) ok = num(&args.pos[0], hi);
      else if (args.pos.size() >= 2) {
        ok = num(&args.pos[0], lo) && num(&args.pos[1], hi);
        if (args.pos.size() >= 3) ok = ok && num(&args.pos[2], step) && step != 0;
      }
      if (ok && step > 0 && (hi - lo) / step <= 64 && hi >= lo) {
        std::vector<Value> xs;
        for (int64_t i = lo; i < hi; i += step) xs.push_back(Value::integer(i));
        return make_list(std::move(xs));
      }
      Value v = make_list({});
      v.alts[0].c->open = true;
      return v;
    }
    case Special::len: {
      if (a0)
        if (const Alt* a = a0->single()) {
          if ((a->k == VK::str || a->k == VK::bytes) && !is_partial(a->s))
            return Value::integer(static_cast<int64_t>(a->s.size()));
          if (a->c && !a->c->open) return Value::integer(static_cast<int64_t>(a->c->items.size() + a->c->keyed.size()));
        }
      return Value();
    }
    case Special::next: {
      if (!a0) return Value();
      return iterate(*a0, nullptr);
    }
    case Special::env_get: {
      const Value* k = arg(0, "key");
      if (!k) k = arg(0, "");
      // Each name the key may be (a forge's token variable picked with its
      // URL from one table), read at this one place.
      std::vector<std::string> names = k ? texts(*k) : std::vector<std::string>{std::string(1, kUnknownPart)};
      Value out = env_variable(names, k ? k->taint : 0, site);
      if (const Value* d = arg(1, "default")) {
        Value dv = *d;
        out.join(dv);
      }
      return out;
    }
    case Special::env_all: {
      Value v = Value::object("os._Environ", "", kEnvAll | kEnv);
      v.ev = evidence(site, "reads the whole environment (" + q + ")");
      return v;
    }
    case Special::env_items: {
      uint32_t t = (self ? self->taint : 0) | kEnvAll | kEnv;
      int32_t ev = self && self->ev >= 0 ? self->ev : evidence(site, "reads the whole environment");
      Value item = spec.name.find("items") != std::string::npos
                       ? make_list({Value::str(std::string(1, kUnknownPart)), Value::tainted(t, ev)}, VK::tuple)
                       : Value::tainted(t, ev);
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = item;
      v.taint = t;
      v.ev = ev;
      return v;
    }
    case Special::type_of: {
      // type(obj) of an instance of the code's own class is that class
      // (type(self)._runner: a class attribute); anything else a type object.
      if (args.pos.size() != 1 || args.pos[0].alts.empty()) return Value::object("type");
      Value out;
      for (const auto& a : args.pos[0].alts) {
        if (a.k != VK::instance || !a.fn) return Value::object("type");
        Alt c;
        c.k = VK::cls;
        c.fn = a.fn;
        out.add(std::move(c));
      }
      return out;
    }
    case Special::gather: {
      // asyncio.gather(a, b, *more), awaited: the list of what each gives, in order.
      Value v = make_list(args.pos);
      if (args.star_unknown) {
        v.alts[0].c->open = true;
        v.alts[0].c->rest = args.extra;
      }
      v.taint = args.taint();
      v.ev = args.ev();
      return v;
    }
    case Special::env_set: {
      const Value* k = arg(0, "key");
      const Value* v = arg(1, "value");
      std::string name = k ? first_text(*k) : std::string(1, kUnknownPart);
      std::string val = v ? first_text(*v) : std::string(1, kUnknownPart);
      Effect e;
      e.kind = Eff::risky;
      e.tag = "setenv";
      e.target = name + "=" + val;
      e.detail = e.target;
      if (v) {
        e.data_taint = v->taint;
        e.data_ev = v->ev;
      }
      ctx_.effect(std::move(e), site_of(site));
      // Read back later in this process (a temporary file's name handed from
      // one function to another through the environment), it is this value.
      if (k && k->single() && k->single()->k == VK::str && !is_partial(name) && v && set_env_.size() < 64) {
        auto [it, fresh] = set_env_.try_emplace(name, *v);
        if (!fresh) it->second.join(*v);
      }
      return Value::none();
    }
    case Special::path: {
      std::vector<const Value*> vs;
      for (const auto& v : args.pos) vs.push_back(&v);
      return path_objects(joined_paths(vs), in_taint, in_ev);
    }
    case Special::path_home: return Value::object("pathlib.Path", "~");
    case Special::path_cwd: return Value::object("pathlib.Path", ".");
    case Special::cwd: return Value::str(ctx_.working_dir());
    case Special::chdir: {
      const Value* p = arg(0, "path");
      if (p && p->all_const_strings() && p->alts.size() == 1) ctx_.change_dir(ctx_.path(p->alts[0].s));
      else if (p && !p->alts.empty() && p->alts[0].k == VK::object && !is_partial(p->alts[0].extra))
        ctx_.change_dir(ctx_.path(p->alts[0].extra));
      return Value::none();
    }
    case Special::partial: {
      if (!a0) return Value();
      // partial(f, x, k=y) is f with x and y bound: f runs here with them (and
      // anything else unknown), since when the partial is called is not followed.
      Args bound;
      bound.pos.assign(args.pos.begin() + 1, args.pos.end());
      bound.kw = args.kw;
      bound.star_unknown = true;
      for (const auto& a : a0->alts)
        if ((a.k == VK::function || a.k == VK::method) && (args.pos.size() > 1 || !args.kw.empty())) {
          call_function(*static_cast<FunctionInfo*>(const_cast<void*>(a.fn)), bound,
                        a.k == VK::method ? a.self.get() : nullptr, site);
        } else if (a.k == VK::libfunc && (args.pos.size() > 1 || !args.kw.empty())) {
          // partial(socket.getaddrinfo, name, 53): the library call with what is bound
          Args given;
          given.pos.assign(args.pos.begin() + 1, args.pos.end());
          given.kw = args.kw;
          Value fnv;
          fnv.alts.push_back(a);
          call(fnv, given, site);
        }
      // One bound positional argument of a plain function is what a bound
      // method is: partial(seal, key) called with a path (pool.map) runs
      // seal(key, path), not seal(path).
      // Several bound arguments are carried as one tuple marked as such
      // (call_function puts its items first): partial(session, start, cfg)
      // given to start_server is session(start, cfg, reader, writer).
      if (args.pos.size() >= 2 && args.kw.empty() && !args.star_unknown) {
        Value leading = args.pos[1];
        if (args.pos.size() > 2) {
          leading = make_list(std::vector<Value>(args.pos.begin() + 1, args.pos.end()), VK::tuple);
          leading.alts[0].extra = kBoundArguments;
        }
        Value bound_fn = *a0;
        for (auto& a : bound_fn.alts)
          if (a.k == VK::function) {
            a.k = VK::method;
            a.self = std::make_shared<const Value>(leading);
          } else if (a.k == VK::cls && !a.self) {
            // a class: its instances are made with these first (call_alt)
            Value all = make_list(std::vector<Value>(args.pos.begin() + 1, args.pos.end()), VK::tuple);
            all.alts[0].extra = kBoundArguments;
            a.self = std::make_shared<const Value>(std::move(all));
          }
        return bound_fn;
      }
      return *a0;
    }
    case Special::select_ready: {
      // select.select(r, w, x): three lists of some of the descriptors given.
      std::vector<Value> ready;
      const char* names[] = {"rlist", "wlist", "xlist"};
      for (int i = 0; i < 3; ++i) {
        const Value* given = arg(i, names[i]);
        ready.push_back(given ? *given : make_list({}));
      }
      return make_list(std::move(ready), VK::tuple);
    }
    case Special::selector_register: case Special::selector_key: case Special::selector_select:
    case Special::poll_ready: {
      // The selector's state holds every registered file object and data,
      // joined; a key shares it, so key.fileobj and key.data read them. A
      // poll or epoll object keeps the same state: its poll() hands back
      // (fd, events) pairs of what was registered.
      std::shared_ptr<Container> state;
      if (self)
        for (const auto& s : self->alts)
          if (s.k == VK::object && s.c) state = s.c;
      if (!state) return Value();
      if (spec.special_id == Special::selector_register) {
        const char* roles[] = {"fileobj", "data"};
        const Value* given[] = {arg(0, "fileobj") ? arg(0, "fileobj") : arg(0, "fd"), arg(2, "data")};
        for (int i = 0; i < 2; ++i) {
          if (!given[i]) continue;
          Value joined = *given[i];
          if (const Value* old = state->get_key(roles[i])) joined.join(*old);
          state->set_key(roles[i], std::move(joined));
        }
      }
      if (spec.special_id == Special::poll_ready) {
        const Value* fd = state->get_key("fileobj");
        Value ready = make_list({});
        ready.alts[0].c->open = true;
        ready.alts[0].c->rest = make_list({fd ? *fd : Value(), Value()}, VK::tuple);
        return ready;
      }
      Value key = Value::object("selectors.SelectorKey");
      key.alts[0].c = state;
      if (spec.special_id != Special::selector_select) return key;
      Value ready = make_list({});
      ready.alts[0].c->open = true;
      ready.alts[0].c->rest = make_list({key, Value()}, VK::tuple);
      return ready;
    }
    case Special::subclasses: {
      // object.__subclasses__(): every class there is, among them the ones a
      // sandbox escape calls (subprocess.Popen, os._wrap_close): a class
      // picked from it runs commands by an obfuscated way.
      Value cls = Value::libfunc("subprocess.Popen");
      cls.taint = kHiddenName | kObfuscated;
      cls.ev = evidence(site, "reaches a class through object.__subclasses__() (a sandbox-escape gadget)");
      Value all = make_list({});
      all.alts[0].c->open = true;
      all.alts[0].c->rest = cls;
      all.taint = cls.taint;
      all.ev = cls.ev;
      return all;
    }
    case Special::fileno: {
      Value v = Value::tainted(kSockFd | in_taint, in_ev);
      return v;
    }
    case Special::dup2: {
      const Value* fd = arg(0, "fd");
      const Value* to = arg(1, "fd2");
      bool sock = fd && (fd->taint & kSockFd);
      if (fd)
        for (const auto& a : fd->alts)
          if (a.k == VK::object && a.s.rfind("socket", 0) == 0) sock = true;
      bool stdio = true;
      if (to)
        if (const Alt* t = to->single())
          if (t->k == VK::integer && t->i > 2) stdio = false;
      if (sock && stdio && ctx_.stdio_socket_ev < 0)
        ctx_.stdio_socket_ev = evidence(site, "connects standard input/output to a network socket", fd->ev);
      return Value();
    }
    case Special::walk: case Special::glob: case Special::listdir: {
      const Value* root = self ? self : a0;
      if (self && a0 && spec.special_id == Special::glob) {
        // Path.glob(pattern): root / pattern
      }
      // A root with alternatives (an option's default beside what the user may
      // type) walks its likely one: the default, as the program is run bare.
      std::string r = root ? likely_text(*root) : std::string(".");
      if (!self && !a0) r = ".";
      Effect e;
      e.kind = Eff::file_list;
      e.tag = spec.special_id == Special::walk ? "walk" : spec.special_id == Special::glob ? "glob" : "list";
      std::string pat = r;
      if (self && a0) pat = path_join({r, first_text(*a0)});
      for (auto& c : pat)
        if (c == '*' || c == '?') c = kUnknownPart;
      e.target = ctx_.path(spec.special_id == Special::glob ? pat : r);
      e.path_classes = ctx_.classify(e.target);
      int32_t ev = evidence(site, "walks " + printable(e.target));
      ctx_.effect(e, site_of(site));
      std::string under = spec.special_id == Special::glob ? pat : path_join({r, std::string(1, kUnknownPart)});
      uint32_t t = kWalked | (root ? root->taint : 0);
      Value entry;
      bool path_objects = spec.name.rfind("pathlib.", 0) == 0;
      if (path_objects) entry = Value::object("pathlib.Path", under, t);
      else if (spec.name == "os.scandir") entry = Value::object("os.DirEntry", under, t);
      else entry = Value::str(spec.special_id == Special::listdir ? std::string(1, kUnknownPart) : under, t);
      entry.ev = ev;
      Value item = entry;
      if (spec.special_id == Special::walk) {
        Value names = make_list({});
        names.alts[0].c->open = true;
        names.alts[0].c->rest = Value::str(std::string(1, kUnknownPart), t);
        names.alts[0].c->rest.ev = ev;
        names.taint = t;
        names.ev = ev;
        Value dir = Value::str(path_join({r, std::string(1, kUnknownPart)}), t);
        dir.ev = ev;
        item = make_list({dir, names, names}, VK::tuple);
      }
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = item;
      v.taint = t;
      v.ev = ev;
      return v;
    }
    case Special::encrypt: {
      // The plaintext is the spec's data role (an AEAD cipher takes the nonce first).
      std::optional<Value> data = role_value(spec, "data", args, self);
      const Value* d = data ? &*data : a0;
      uint32_t t = (d ? d->taint : 0) | kEncrypted;
      int32_t ev = evidence(site, "encrypts data (" + q + ")", d ? d->ev : -1);
      return Value::tainted(t, ev);
    }
    case Special::argv: {
      Value self_path = Value::str(std::string(1, kUnknownPart), kSelf);
      if (script_args_) {
        // The command line that started it gave these (python3 - "$WORK/a" "$WORK/b" <<EOF).
        std::vector<Value> items{self_path};
        for (const Word& w : *script_args_) {
          Value a = Value::str(w.text, w.taint);
          a.ev = w.ev;
          items.push_back(std::move(a));
        }
        Value v = make_list(std::move(items));
        v.taint &= ~kSelf;
        return v;
      }
      Value v = make_list({self_path});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = Value::tainted(kUserInput, -1);
      // The program's path is sys.argv[0] only: sys.argv[1] is not a copy of it.
      v.taint &= ~kSelf;
      return v;
    }
    case Special::self_exe: return Value::str("python3");
    case Special::stdout_print:
      if (!args.get(-1, "file")) {
        // (write and writelines add no newline of their own)
        const bool write = q.find(".write") != std::string::npos;
        print_to_stdout(args, q.find("writelines") != std::string::npos ? std::nullopt : printed_lines(args, !write));
      }
      return Value::none();
    case Special::argparse: return argparse_call(q.substr(q.rfind('.') + 1), self, args, site);
    case Special::log_handler:
      if (const Value* h = arg(0, spec.name.find("basicConfig") != std::string::npos ? "handlers" : "hdlr")) add_log_handlers(*h);
      return Value::none();
    case Special::log_record:
      emit_log_record(args, site);
      return Value::none();
    case Special::requirements: {
      // setup(install_requires=[...]): each requirement is a package pip will install
      if (auto reqs = role_value(spec, "name", args, self)) {
        std::vector<Value> items;
        iterate(*reqs, &items);
        for (const Value& item : items)
          for (const auto& a : item.alts)
            if (a.k == VK::str && !is_partial(a.s)) ctx_.judge_package(a.s, q + "(install_requires=...)", site_of(site));
      }
      return Value::none();
    }
    case Special::docker_run: {
      // containers.run(image, command, volumes=...) is `docker run -v HOST:DIR
      // IMAGE COMMAND` (docker-py splits a string command as a shell would):
      // the command line model judges the command with the binds in view.
      const Value* cmd = arg(1, "command");
      if (!cmd || cmd->unknown()) return Value();
      auto quoted = [](const std::string& s) {
        std::string o = "'";
        for (char c : s) o += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return o + "'";
      };
      std::string line = "docker run";
      if (const Value* p = arg(-1, "privileged"); p && value_text(*p) == "True") line += " --privileged";
      if (const Value* vols = arg(-1, "volumes"))
        for (const auto& a : vols->alts) {
          if (!a.c) continue;
          for (const auto& [host, spec_v] : a.c->keyed) {
            std::string dir;
            for (const auto& b : spec_v.alts)
              if (b.c) {
                if (const Value* d = b.c->get_key("bind")) dir = first_text(*d);
              } else if (b.k == VK::str) {
                dir = b.s;
              }
            if (!dir.empty()) line += " -v " + quoted(host + ":" + dir);
          }
          for (const auto& item : a.c->items)
            if (const Alt* s = item.single(); s && s->k == VK::str) line += " -v " + quoted(s->s);
        }
      const Value* image = arg(0, "image");
      line += " " + quoted(image ? first_text(*image) : std::string(1, kUnknownPart));
      if (const Alt* c = cmd->single(); c && (c->k == VK::list || c->k == VK::tuple) && c->c) {
        for (const auto& w : c->c->items) line += " " + quoted(first_text(w));
      } else {
        line += " " + first_text(*cmd);
      }
      exec_effect_argv(Value::str(line, cmd->taint), true, 0, nullptr, site, q, nullptr);
      return Value();
    }
    case Special::compile: {
      const Value* src = arg(0, "source");
      if (!src) return Value();
      Value out;
      bool any = false;
      for (const auto& s : texts(*src)) accumulate(out, any, Value::object("code", s));
      out.taint = src->taint;
      out.ev = src->ev;
      return out;
    }
    case Special::super: {
      // The next class in the order Python looks methods up in: the code's
      // own, or a library class the model knows. A mixin it does not know
      // (socketserver.ThreadingMixIn) has no __init__ of its own: the lookup
      // goes on to the next base (TCPServer), as Python's does.
      std::optional<Value> unknown_base;
      if (fn_ && fn_->owner) {
        for (const auto& b : fn_->owner->bases)
          for (const auto& a : b.alts) {
            if (a.k == VK::cls) {
              Value v;
              Alt i;
              i.k = VK::instance;
              i.fn = a.fn;
              i.i = self_object_;  // the same instance, its base's methods
              v.alts.push_back(i);
              return v;
            } else if (a.k == VK::libfunc || a.k == VK::module) {
              if (ctx_.lib.api(a.s)) return Value::object(a.s);
              if (!unknown_base) unknown_base = Value::object(a.s);
            }
          }
      }
      return unknown_base.value_or(Value());
    }
    case Special::socket_new: {
      // socket.socket(family, type, proto): a SOCK_RAW socket sends packets
      // it builds itself (an ICMP echo carrying data), not a byte stream.
      bool raw = false;
      if (const Value* type = arg(1, "type"))
        for (const auto& a : type->alts)
          if ((a.k == VK::integer && a.i == 3) ||
              ((a.k == VK::libfunc || a.k == VK::str) && a.s.find("SOCK_RAW") != std::string::npos))
            raw = true;
      Value sock = Value::object(raw ? "socket.raw_socket" : "socket.socket", "", kSockFd);
      return sock;
    }
    case Special::accept: {
      Value conn = Value::object("socket.socket", self ? first_text(*self) : "", kSockFd);
      conn.ev = evidence(site, "accepts a network connection");
      return make_list({conn, Value()}, VK::tuple);
    }
    case Special::stream_pair: {
      // asyncio.open_connection: (reader, writer) on one connection; what the
      // reader gives is from the network, what the writer writes goes there.
      const Value* h = arg(0, "host");
      const Value* port = arg(1, "port");
      std::string endpoint = (h ? first_text(*h) : std::string(1, kUnknownPart)) + ":" +
                             (port ? first_text(*port) : std::string(1, kUnknownPart));
      int32_t ev = evidence(site, "reads from a network connection to " + printable(endpoint, 80));
      Value reader = Value::object("asyncio.StreamReader", endpoint, kDownloaded | kSockFd);
      reader.ev = ev;
      Value writer = Value::object("asyncio.StreamWriter", endpoint, kSockFd);
      return make_list({reader, writer}, VK::tuple);
    }
    case Special::popen_input: {
      const Value* d = arg(0, "input");
      if (!d) return Value();
      const std::string line = self ? first_text(*self) : std::string(1, kUnknownPart);
      stdin_effect(line, *d, site);
      feed_process(line, *d, site);
      return Value::tainted(process_output_taint(self), -1);
    }
    case Special::queue_get: {
      // What was put in the queue so far (items joined), with its labels.
      Value out;
      bool any = false;
      if (self)
        for (const auto& a : self->alts)
          if (a.k == VK::object && a.c && a.c->open) accumulate(out, any, a.c->rest);
      if (!any) return Value::tainted(self ? deep_taint(*self) : 0, self ? deep_ev(*self) : -1);
      return out;
    }
    case Special::popen_output: {
      Value out = Value::object("file", self ? first_text(*self) : std::string());
      // (and what the process prints: a tar of key files on its stdout)
      out.taint = process_output_taint(self) | (self ? self->taint : 0);
      if (self) out.ev = self->ev;
      return out;
    }
    case Special::request: {
      // The request holds its data and headers; its URL is where it goes.
      const Value* u = arg(0, "url");
      // Data and headers kept apart, so that a key's own chain (is it the key of
      // this API?) is found where it is sent.
      auto held = new_container();
      Value v;
      for (const char* r : {"data", "headers"})
        if (auto d = role_value(spec, r, args, self)) {
          v.taint |= d->taint;
          if (v.ev < 0) v.ev = d->ev;
          held->set_key(r, *d);
        }
      // One request per URL it may have (an environment variable's value or
      // its default), all holding the same data. The URL's own value rides
      // along: where it came from (a configured endpoint) is the
      // destination's provenance, not data sent.
      auto url = u ? std::make_shared<const Value>(*u) : nullptr;
      std::vector<std::string> urls = u ? string_alternatives(*u) : std::vector<std::string>{""};
      if (urls.empty()) urls.emplace_back(1, kUnknownPart);
      for (const auto& text : urls) {
        Alt one = Value::object("urllib.request.Request", text).alts[0];
        one.self = url;
        one.c = held;
        v.add(std::move(one));
      }
      return v;
    }
    case Special::cli_option: {
      // typer.Option(DEFAULT, "--dir") as a parameter's default: what the user
      // types, or the default when nothing is typed.
      Value v;
      if (const Value* d = arg(0, "default"))
        if (!(d->single() && d->single()->k == VK::object && d->single()->s == "Ellipsis")) v.join(*d);
      v.taint |= kOption;
      return v;
    }
    case Special::dataclass_field: {
      // dataclasses.field(default=..., default_factory=list): the field's initial value.
      if (const Value* d = arg(-1, "default")) return *d;
      const Value* factory = arg(-1, "default_factory");
      // A factory of the code's own (lambda: list(TRACES)) makes what it returns,
      // as a library's does (default_factory=Path.home: the home directory).
      const bool library_factory = factory && factory->single() && factory->single()->k == VK::libfunc &&
                                   factory_kind(factory) == VK::none;
      if (factory && (library_factory || std::any_of(factory->alts.begin(), factory->alts.end(),
                                                     [](const Alt& f) { return f.k == VK::function; }))) {
        Args none;
        return call(*factory, none, site);
      }
      return empty_of(factory_kind(factory));
    }
    case Special::instance_dict:
      // dataclasses.asdict(obj), attrs.asdict(obj)
      return a0 ? instance_dict(*a0, true) : Value();
    case Special::defaultdict: {
      // collections.defaultdict(list): a dict whose missing keys are made by the factory.
      Value d = make_dict();
      d.alts[0].c->missing = factory_kind(arg(0, "default_factory"));
      return d;
    }
    case Special::ini_loads: {
      // ConfigParser.read_string(TEXT) of a document known whole: its sections
      // become the parser's (cfg["relay"]["host"]); other texts change nothing known.
      constexpr size_t kMaxDocument = 256 * 1024;
      const Alt* doc = a0 ? a0->single() : nullptr;
      if (self && doc && doc->k == VK::str && doc->s.size() <= kMaxDocument && !is_partial(doc->s))
        for (const auto& a : self->alts)
          if (a.k == VK::object && a.c) ini_sections(doc->s, *a.c, a0->taint);
      handled = false;  // the model's `stores` still records the data's taint
      return Value();
    }
    case Special::shell_quote: {
      // shlex.quote(s): s as one shell word (in single quotes unless it is safe bare).
      if (!a0) return Value();
      Value out;
      bool any = false;
      for (const auto& text : string_alternatives(*a0)) {
        bool bare = !text.empty() && !is_partial(text) &&
                    text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@%+=:,./-_") ==
                        std::string::npos;
        std::string quoted;
        if (bare) {
          quoted = text;
        } else {
          quoted = "'";
          for (char c : text) quoted += c == '\'' ? std::string("'\"'\"'") : std::string(1, c);
          quoted += "'";
        }
        accumulate(out, any, Value::str(std::move(quoted), a0->taint));
      }
      out.ev = a0->ev;
      return out;
    }
    case Special::jinja_render: return jinja_render(self, args);
    case Special::str_template: {
      // string.Template(TEXT), jinja2's Template(TEXT) and from_string(TEXT):
      // the text rides along until it is substituted or rendered.
      Value v = Value::object(q.rfind("jinja2.", 0) == 0 ? "jinja2.Template" : "string.Template");
      if (a0) {
        v.alts[0].self = std::make_shared<const Value>(*a0);
        v.taint = a0->taint;
        v.ev = a0->ev;
      }
      return v;
    }
    case Special::template_substitute: {
      // t.substitute(mapping, **kw): each $name or ${name} replaced by its
      // value (a keyword first, then the mapping's key), $$ by a dollar.
      // From os.environ: only the variables the template names.
      const Value* mapping = arg(0, "mapping");
      const Alt* m = mapping ? mapping->single() : nullptr;
      std::deque<Value> from_environment;
      auto value_of = [&](const std::string& name) -> const Value* {
        for (const auto& [k, v] : args.kw)
          if (k == name) return &v;
        if (m && m->k == VK::dict && m->c) return m->c->get_key(name);
        if (m && m->k == VK::object && m->s == "os._Environ")
          return &from_environment.emplace_back(env_variable({name}, 0, site));
        return nullptr;
      };
      Value out;
      bool any = false;
      for (const Alt& t : self ? self->alts : std::vector<Alt>{}) {
        if (t.k != VK::object || !t.self) continue;
        std::string text = likely_text(*t.self), made;
        uint32_t taint = t.self->taint;
        int32_t ev = t.self->ev;
        for (size_t i = 0; i < text.size(); ++i) {
          if (text[i] != '$' || i + 1 >= text.size()) {
            made += text[i];
            continue;
          }
          if (text[i + 1] == '$') {
            made += '$';
            ++i;
            continue;
          }
          bool braced = text[i + 1] == '{';
          size_t b = i + (braced ? 2 : 1), e = b;
          while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_')) ++e;
          if (e == b || (braced && (e >= text.size() || text[e] != '}'))) {
            made += text[i];
            continue;
          }
          const Value* v = value_of(text.substr(b, e - b));
          made += v ? likely_text(*v) : std::string(1, kUnknownPart);
          if (v) {
            taint |= v->taint;
            if (ev < 0) ev = v->ev;
          } else if (mapping) {
            taint |= mapping->taint;  // a mapping we cannot read: what it holds
          }
          i = braced ? e : e - 1;
        }
        accumulate(out, any, Value::str(std::move(made), taint));
        out.ev = ev;
      }
      if (!any) return Value::tainted(in_taint, in_ev);
      return out;
    }
    case Special::app_signal: {
      // app.on_startup (aiohttp): a list of callbacks the application calls
      // with itself; the list remembers its application.
      Value v = Value::object("aiohttp.AppSignal");
      if (self) v.alts[0].self = std::make_shared<const Value>(*self);
      return v;
    }
    case Special::signal_append: {
      // app.on_startup.append(startup): startup(app), with the application's
      // items (app["settings"]) as the code stored them.
      if (!a0 || !self) return Value::none();
      for (const auto& s : self->alts) {
        if (s.k != VK::object || !s.self) continue;
        Args one;
        one.pos.push_back(*s.self);
        call(*a0, one, site);
      }
      return Value::none();
    }
    case Special::ini_dict: {
      // ConfigParser.read_dict({"section": {"option": value}}): those
      // sections become the parser's, as read_string's do.
      const Alt* d = a0 ? a0->single() : nullptr;
      if (self && d && d->k == VK::dict && d->c)
        for (const auto& [section, options] : d->c->keyed) ini_defaults(*self, section, options);
      handled = false;
      return Value();
    }
    case Special::ini_typed: {
      // parser.getboolean(SECTION, OPTION[, fallback=]) (get, getint...): the option as the
      // code set it, converted ("no" is False); what a file read may have put
      // there instead, or a section the code never set, is not known.
      const Value* section = arg(0, "section");
      const Value* option = arg(1, "option");
      const Alt* s_alt = section ? section->single() : nullptr;
      const Alt* o_alt = option ? option->single() : nullptr;
      Value raw;
      bool found = false, overridable = true;
      if (self && s_alt && o_alt && s_alt->k == VK::str && o_alt->k == VK::str && !is_partial(s_alt->s) &&
          !is_partial(o_alt->s))
        for (const auto& a : self->alts)
          if (a.k == VK::object && a.c)
            if (const Value* sv = a.c->get_key(s_alt->s))
              for (const auto& sa : sv->alts)
                if (sa.k == VK::dict && sa.c)
                  if (const Value* v = sa.c->get_key(o_alt->s)) {
                    if (found) raw.join(*v);
                    else raw = *v;
                    found = true;
                    overridable = overridable && a.c->open;
                  }
      if (!found) raw = Value();
      else if (overridable) raw.join(Value());
      // The fallback, where the file is silent, is a setting the user may change there.
      if (const Value* fallback = args.get(-1, "fallback")) {
        Value setting = *fallback;
        setting.taint |= kOption;
        raw.join(setting);
      }
      std::string_view getter = spec.name;
      getter.remove_prefix(getter.rfind('.') + 1);
      Value out = config_typed(raw, getter);
      out.taint |= args.taint() | (self ? self->taint : 0);
      if (out.ev < 0) out.ev = self ? self->ev : -1;
      return out;
    }
    case Special::ini_new: {
      // ConfigParser(defaults=DEFAULTS): the DEFAULT section's options, which
      // every section has unless it sets its own.
      Value parser = Value::object("configparser.ConfigParser");
      parser.alts[0].c = new_container();
      if (const Value* d = arg(0, "defaults")) ini_defaults(parser, "DEFAULT", *d);
      return parser;
    }
    case Special::ini_section: {
      // parser["agent"] = DEFAULTS: the section's options, as read_dict's.
      const Value* k = arg(0, "key");
      const Value* v = arg(1, "value");
      const Alt* section = k ? k->single() : nullptr;
      if (self && v && section && section->k == VK::str && !is_partial(section->s)) ini_defaults(*self, section->s, *v);
      return Value::none();
    }
    case Special::loads: case Special::yaml_loads: {
      // A document known whole (a constant, or text built from constants only).
      constexpr size_t kMaxDocument = 64 * 1024;
      const Alt* doc = a0 ? a0->single() : nullptr;
      // json.load(f) of a file this code wrote: what it wrote (a plan dumped
      // for a helper that reads it back).
      Value written;
      if (doc && doc->k == VK::object && doc->s == "file")
        if (const std::string* text = ctx_.written_text_at(ctx_.path(doc->extra))) {
          written = Value::str(*text, a0->taint);
          written.ev = a0->ev;
          a0 = &written;
          doc = a0->single();
        }
      // (JSON with parts known only at run time too: json.loads(json.dumps(DEFAULTS)))
      const bool known = doc && !is_partial(doc->s), json = spec.special_id == Special::loads;
      if (doc && (doc->k == VK::str || doc->k == VK::bytes) && doc->s.size() <= kMaxDocument && (known || json)) {
        std::optional<Value> read;
        if (json) {
          auto j = nlohmann::json::parse(known ? doc->s : json_with_placeholders(doc->s), nullptr,
                                         /*allow_exceptions=*/false);
          if (!j.is_discarded()) read = json_value(j, a0->taint);
        } else {
          try {  // yaml-cpp reports bad or too deeply nested text by exceptions
            read = yaml_value(YAML::Load(doc->s), a0->taint);
          } catch (const std::exception&) {
          }
        }
        if (read) {
          read->ev = a0->ev;
          return *read;
        }
      }
      // Text not known whole: any keys, each holding what the text carried.
      Value v = make_dict();
      v.alts[0].c->open = true;
      if (a0) {
        v.alts[0].c->rest = Value::tainted(a0->taint, a0->ev);
        v.taint = a0->taint;
        v.ev = a0->ev;
      }
      return v;
    }
    case Special::dumps: {
      if (!a0) return Value();
      Value v = Value::str(json_text(*a0), a0->taint);
      v.ev = a0->ev;
      return v;
    }
    case Special::urljoin: {
      const Value* b = arg(0, "base");
      const Value* u = arg(1, "url");
      if (!b || !u) return Value();
      std::string bt = first_text(*b), ut = first_text(*u);
      if (ut.find("://") != std::string::npos) return Value::str(ut, in_taint);
      return Value::str(bt + ut, in_taint);
    }
    case Special::input: {
      Value line = Value::str(std::string(1, kUnknownPart), kUserInput);
      take_program_stdin(line);
      return line;
    }
    case Special::import_dir: {
      std::optional<Value> pv = role_value(spec, "path", args, self);
      if (!pv) return Value();
      // The directory written as a whole, or the files the code wrote into it.
      for (const auto& dir : texts(*pv)) {
        auto [taint, ev] = ctx_.written_held(ctx_.path(dir));
        ctx_.import_dir_taint |= taint;
        if (ctx_.import_dir_ev < 0) ctx_.import_dir_ev = ev;
      }
      return Value();
    }
    case Special::temp_dir: {
      // mkdtemp(): a directory nobody can predict, the same for every use of
      // this one name (an archive extracted into it, then a file found there
      // and run, runs what the archive held), named as the temporary files are.
      // TemporaryDirectory(suffix, prefix, dir) makes one too: an object named
      // by it, which `with ... as d` enters as itself.
      const bool object = spec.returns == "tempdir";
      const std::string name = temporary_name(arg(2, "dir"), arg(0, "suffix"), "tmpdir", site);
      ctx_.note_unpredictable_path(name);
      // (made by this code: a nested shell's `cd` there is followed)
      if (ctx_.made_dirs.size() < Ctx::kMaxMadeDirs) ctx_.made_dirs.insert(ctx_.path(name));
      return object ? Value::object("tempdir", name, kUnpredictable) : Value::str(name, kUnpredictable);
    }
    case Special::temp_file: case Special::temp_fd: {
      // A named temporary file: a name nobody can predict (so not a fixed /tmp
      // path), the same for every use of this one object, so what is written
      // into it is what runs when its .name is executed later. mkstemp gives
      // the same as (descriptor, name): the descriptor is the open file (what
      // os.write writes lands there), the name is the path.
      const bool fd_pair = spec.special_id == Special::temp_fd;
      const std::string name = temporary_name(fd_pair ? arg(2, "dir") : arg(-1, "dir"),
                                              fd_pair ? arg(0, "suffix") : arg(-1, "suffix"), "tmp", site);
      ctx_.note_unpredictable_path(name);
      const Value* m = fd_pair ? nullptr : arg(0, "mode");
      Args opened;
      opened.pos.push_back(Value::str(name, kUnpredictable));
      opened.pos.push_back(m ? *m : Value::str("w+b"));
      const ApiSpec* builtin_open = ctx_.lib.api("builtins.open");
      Value file = builtin_open ? apply_special(*builtin_open, "builtins.open", nullptr, opened, site, handled) : Value();
      handled = true;
      return fd_pair ? make_list({file, Value::str(name, kUnpredictable)}, VK::tuple) : file;
    }
    case Special::open_file: {
      std::optional<Value> pv = role_value(spec, "path", args, self);
      std::optional<Value> mv = role_value(spec, "mode", args, self);
      const Value* p = pv ? &*pv : nullptr;
      const Value* m = mv ? &*mv : nullptr;
      std::string mode = m ? first_text(*m) : "r";
      bool write = false;
      if (m)
        if (const Alt* ma = m->single()) {
          if (ma->k == VK::integer) write = (ma->i & 3) != 0 || (ma->i & 0x40);  // O_WRONLY|O_RDWR|O_CREAT
          else write = mode.find_first_of("wax+") != std::string::npos;
        }
      if (m && m->unknown()) write = false;
      // One file object per alternative of the path (a configured directory or
      // its default): each is opened, so each is judged.
      std::vector<std::string> targets = p ? string_alternatives(*p, 4) : std::vector<std::string>{};
      if (targets.empty()) targets.emplace_back(1, kUnknownPart);
      // "r+": the file is read and written in place (what it writes overwrites what it read).
      bool read_too = write && mode.find('r') != std::string::npos && mode.find('+') != std::string::npos;
      Value files;
      bool any = false;
      for (const std::string& target : targets) {
        std::string norm = ctx_.path(target);
        for (bool reading : {true, false}) {
          if (reading && !read_too) continue;
          Effect e;
          e.kind = write && !reading ? Eff::file_write : Eff::file_read;
          e.tag = write && !reading && mode.find('a') != std::string::npos ? "append" : "open";
          e.target = norm;
          e.path_classes = ctx_.classify(norm);
          e.target_taint = p ? p->taint : 0;
          e.target_ev = p ? p->ev : -1;
          if (!is_partial(target)) e.flags |= kConstTarget;
          ctx_.effect(std::move(e), site_of(site));
        }
        Value f = Value::object("file", target);
        f.taint = p ? (p->taint & (kWalked | kSelf | kUnpredictable)) : 0;
        f.ev = p ? p->ev : -1;
        if (!write || read_too) {
          // The file object stands for its content where it is sent (files={...}).
          uint32_t content =
              ctx_.read_taint(norm, ctx_.classify(norm)) &
              (kSecretFile | kHistory | kUserFile | kSysinfo | kEnvAll | kKeys | kClipboard | kScreen);
          if (const auto* w = ctx_.written_at(norm)) {
            content |= w->first;
            if (w->second >= 0) f.ev = w->second;
          }
          if (content & ~kFileData) {
            f.taint |= content;
            if (f.ev < 0 || !(p && p->ev >= 0)) f.ev = evidence(site, "opens " + printable(norm), f.ev);
          }
        }
        accumulate(files, any, f);
      }
      return files;
    }
    case Special::read_file: {
      std::string path = self ? first_text(*self) : std::string(1, kUnknownPart);
      std::string norm = ctx_.path(path);
      uint32_t cls = ctx_.classify(norm);
      uint32_t t = ctx_.read_taint(norm, cls) | (self ? self->taint & (kWalked | kSelf) : 0);
      int32_t ev = self ? self->ev : -1;
      if (const auto w = ctx_.written_for_read(norm); w.first) {
        t |= w.first;
        ev = w.second;
      }
      if (spec.name.rfind("pathlib.", 0) == 0) {
        // Path.read_text is also the read itself.
        Effect e;
        e.kind = Eff::file_read;
        e.tag = "read";
        e.target = norm;
        e.path_classes = cls;
        // a walked path is remembered as read, so writing it back overwrites it (as for open())
        e.target_taint = self ? self->taint : 0;
        e.target_ev = self ? self->ev : -1;
        if (!is_partial(path)) e.flags |= kConstTarget;
        ctx_.effect(std::move(e), site_of(site));
      }
      if (t & ~(kFileData | kWalked | kSelf)) ev = evidence(site, "reads " + printable(norm), ev);
      Value v = Value::tainted(t, ev);
      // A file this code wrote reads back as what it wrote.
      const std::string* text = ctx_.written_text_at(norm);
      if (text) {
        v = Value::str(*text, t);
        v.ev = ev;
      }
      // (readlines of such a file: its lines)
      if (spec.returns == "list" && text)
        if (auto lines = text_lines(v); !lines.empty()) {
          Value l = make_list(std::move(lines));
          l.taint = t;
          l.ev = ev;
          return l;
        }
      if (spec.returns == "list") {
        v = Value::tainted(t, ev);
        Value l = make_list({});
        l.alts[0].c->open = true;
        l.alts[0].c->rest = v;
        l.taint = t;
        l.ev = ev;
        return l;
      }
      return v;
    }
    default: break;
  }
  handled = false;
  return Value();
}

// ---------------------------------------------------------------- methods of built-in types

Value PyInterp::env_variable(const std::vector<std::string>& names, uint32_t key_taint, NodeId site) {
  Value out;
  uint32_t taint = kEnv;
  bool secret = false;
  std::string listed;
  for (const std::string& name : names) {
    if (!is_partial(name) && ctx_.lib.secret_env_name(name)) {
      taint |= kEnvSecret;
      secret = true;
    }
    if (!is_partial(name) && ctx_.lib.web_request_env_name(name)) taint |= kWebRequest;
    // A name known only at run time: taken from the environment itself (a
    // loop over os.environ), any variable, all of them in the end; from
    // elsewhere (a config's key_env, also in a config file whose path one
    // variable names), the one variable the user named, which may be a secret.
    if (is_partial(name)) taint |= key_taint & kEnvAll ? kEnvAll : kEnvSecret;
    if (name == "USER" || name == "LOGNAME" || name == "USERNAME") taint |= kSysinfo | kUserName;
    else if (name == "HOSTNAME" || name == "COMPUTERNAME") taint |= kSysinfo | kHostName;
    if (!listed.empty()) listed += kEnvNameAlternatives;
    listed += printable(name, 60);
  }
  if (names.size() == 1)
    if (auto dir = env_directory(names[0])) out = Value::str(*dir);
  if (names.size() == 1)
    if (auto it = inherited_env_.find(names[0]); it != inherited_env_.end()) out = it->second;
  // A variable this code set: what it set, or what the environment had if
  // that assignment was not on the path taken.
  if (names.size() == 1)
    if (auto it = set_env_.find(names[0]); it != set_env_.end()) {
      if (out.alts.empty()) out.alts.push_back(Alt{});
      out.join(it->second);
    }
  out.taint |= taint;
  // (one evidence for all the names: key_destination.cpp reads them as alternatives)
  out.ev = evidence(site, std::string(secret ? "reads the secret environment variable " : "reads the environment variable ") +
                              listed);
  return out;
}

// `sep.join(iterable)` for each separator in `seps`: the elements' texts
// joined, an open list's known first and last ones around its unknown ones.
Value PyInterp::join_texts(const std::vector<std::string>& me, const Value& iterable, VK kind, uint32_t taint,
                           int32_t ev, NodeId site) {
  std::vector<Value> items;
  Value sum = iterate(iterable, &items);
  std::vector<std::string> out;
  bool exact = !items.empty() || (iterable.single() && iterable.single()->c && !iterable.single()->c->open);
  // Its elements, or an open list's known first and last ones around the
  // unknown ones (labels + [zone] joined by dots ends in the zone); each
  // combination of their alternatives (the zone's default or the
  // environment's), as a format's.
  const Container* open = exact ? nullptr : open_list(iterable);
  std::vector<const Value*> parts;
  size_t head = 0;
  if (exact) {
    for (const auto& x : items) parts.push_back(&x);
    head = parts.size();
  } else if (open) {
    for (const auto& x : open->items) parts.push_back(&x);
    head = parts.size();
    for (const auto& x : open->tail) parts.push_back(&x);
  }
  const size_t rows = std::max<size_t>(1, Value::kMaxAlts / std::max<size_t>(1, me.size()));
  const auto combinations = text_combinations(parts, rows, /*overflow_first=*/true);
  // The unknown elements of an open list of one shape (names built in a
  // loop, "<hex>.t.example.org"): one of that shape, then any more. (Of
  // several shapes, the one that knows most: a zone's default over the
  // zone an option may give.)
  std::string shape;
  size_t shape_known = 0;
  if (open)
    for (const Alt& r : open->rest.alts) {
      if (r.k != VK::str && r.k != VK::bytes) {
        shape.clear();
        break;
      }
      const size_t known = static_cast<size_t>(std::count_if(r.s.begin(), r.s.end(), [](char c) { return c != kUnknownPart; }));
      if (is_partial(r.s) && known > shape_known) shape = r.s, shape_known = known;
    }
  for (const auto& sep : me)
    for (const auto& row : combinations) {
      std::string s;
      if (exact || open) {
        for (size_t i = 0; i < head; ++i) s += (i && exact ? sep : "") + row[i] + (exact ? "" : sep);
        if (open) {
          if (!shape.empty()) s += shape + sep;
          s += kUnknownPart;
          for (size_t i = head; i < row.size(); ++i) s += sep + row[i];
        }
      } else {
        s = std::string(1, kUnknownPart);
      }
      out.push_back(std::move(s));
    }
  uint32_t t = taint | sum.taint;
  if (exact && me.size() == 1 && me[0].empty() && splits_words(items)) {
    t |= kObfuscated;
    ev = evidence(site, "builds text from fragments that cut words apart", ev >= 0 ? ev : sum.ev);
  }
  return strings(out, kind, t, ev >= 0 ? ev : sum.ev);
}

Value PyInterp::call_builtin_method(const Alt& a, Args& args, NodeId site, bool& handled) {
  handled = true;
  const Value& self = *a.self;
  const std::string& m = a.extra;
  const Value* a0 = args.get(0, "");
  uint32_t taint = self.taint | args.taint();
  int32_t ev = self.ev >= 0 ? self.ev : args.ev();
  if (a.s == "str" || a.s == "bytes") {
    VK kind = a.s == "str" ? VK::str : VK::bytes;
    std::vector<std::string> me;
    for (const auto& x : self.alts)
      if (x.k == VK::str || x.k == VK::bytes) me.push_back(x.s);
    if (me.empty()) me.emplace_back(1, kUnknownPart);
    if (m == "join") {
      if (!a0) return Value::str("");
      // Several iterables (a default list, or the one a configuration gave):
      // each joined, the texts alternatives.
      if (a0->alts.size() > 1) {
        Value all;
        bool first = true;
        for (const auto& alt : a0->alts) {
          Value one = *a0;
          one.alts = {alt};
          Value joined = join_texts(me, one, kind, taint, ev, site);
          if (first) all = std::move(joined);
          else all.join(joined);
          first = false;
        }
        return all;
      }
      return join_texts(me, *a0, kind, taint, ev, site);
    }
    if (m == "format" || m == "format_map") {
      FormatArgs fa;
      for (const auto& v : args.pos) fa.pos.push_back(&v);
      for (const auto& [k, v] : args.kw) fa.named.emplace_back(k, &v);
      if (m == "format_map" && a0)
        if (const Alt* d = a0->single())
          if (d->k == VK::dict && d->c)
            for (const auto& kv : d->c->keyed) fa.named.emplace_back(kv.first, &kv.second);
      const bool filled = !fa.pos.empty() || !fa.named.empty();
      Value r = strings(fa.each_text(me, brace_format), kind, taint | (filled ? kFormatted : 0u), ev);
      if (r.taint & kFormatted) check_sql(r, site);
      return r;
    }
    if (m == "replace") {
      const Value* b = args.get(1, "");
      if (!a0 || !b) return Value::tainted(taint, ev);
      std::string from = first_text(*a0), to = first_text(*b);
      std::vector<std::string> out;
      for (auto s : me) {
        if (!from.empty() && !is_partial(from) && !is_partial(s)) {
          std::string r;
          size_t p = 0, q;
          while ((q = s.find(from, p)) != std::string::npos && r.size() < (1u << 22)) {
            r += s.substr(p, q - p) + to;
            p = q + from.size();
          }
          r += s.substr(p);
          out.push_back(r);
        } else {
          out.push_back(is_partial(s) ? s : std::string(1, kUnknownPart));
        }
      }
      return strings(out, kind, taint, ev);
    }
    if (m == "upper" || m == "lower" || m == "casefold" || m == "swapcase" || m == "capitalize" || m == "title") {
      std::vector<std::string> out;
      for (auto s : me) {
        for (auto& c : s)
          if (c != kUnknownPart) {
            if (m == "upper") c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            else if (m == "lower" || m == "casefold") c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          }
        out.push_back(s);
      }
      return strings(out, kind, taint, ev);
    }
    if (m == "strip" || m == "lstrip" || m == "rstrip") {
      std::vector<std::string> out;
      std::string chars = a0 ? first_text(*a0) : std::string(" \t\n\r\f\v");
      for (auto s : me) {
        if (m != "lstrip")
          while (!s.empty() && chars.find(s.back()) != std::string::npos && s.back() != kUnknownPart) s.pop_back();
        if (m != "rstrip") {
          size_t i = 0;
          while (i < s.size() && chars.find(s[i]) != std::string::npos && s[i] != kUnknownPart) ++i;
          s = s.substr(i);
        }
        out.push_back(s);
      }
      return strings(out, kind, taint, ev);
    }
    if (m == "encode" || m == "decode") {
      std::string codec = a0 ? first_text(*a0) : "utf-8";
      std::transform(codec.begin(), codec.end(), codec.begin(), ::tolower);
      bool textual = codec.find("utf") != std::string::npos || codec == "ascii" ||
                     codec.find("latin") != std::string::npos || codec == "idna" ||
                     (m == "encode" && codec.find("cp") == 0);
      VK out_kind = m == "encode" ? VK::bytes : VK::str;
      if (textual || is_partial(codec)) return strings(me, out_kind, taint, ev);
      std::vector<std::string> out;
      bool same = true;  // ASCII through cp1252 and the like: not a decoding that hides anything
      for (const auto& s : me) {
        auto d = is_partial(s) ? std::nullopt : decode_codec(s, codec);
        out.push_back(d ? concrete(*d) : std::string(1, kUnknownPart));
        same = same && d && *d == s;
      }
      if (same || (!me.empty() && codec.find("cp") == 0 && out.size() == me.size() &&
                   std::all_of(out.begin(), out.end(), [](const std::string& o) { return is_partial(o); })))
        return strings(same ? out : me, out_kind, taint, ev);
      bool rot = codec.find("rot") != std::string::npos;
      bool payload = self.all_const_strings() || (self.taint & (kConstData | kDecoded | kObfuscated | kDownloaded));
      if (!payload) return strings(out, out_kind, taint, ev);
      return strings(out, out_kind, taint | (rot ? kObfuscated : kDecoded),
                     evidence(site, "decodes " + codec + " data", ev));
    }
    if (m == "split" || m == "rsplit" || m == "splitlines") {
      if (me.size() == 1 && !is_partial(me[0])) {
        std::string sep = (m != "splitlines" && a0) ? first_text(*a0) : "";
        std::vector<Value> parts;
        const std::string& s = me[0];
        if (m == "splitlines") sep = "\n";
        if (sep.empty() || is_partial(sep)) {
          size_t p = 0;
          while (p < s.size() && parts.size() < 64) {
            while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) ++p;
            size_t e = p;
            while (e < s.size() && !std::isspace(static_cast<unsigned char>(s[e]))) ++e;
            if (e > p) parts.push_back(Value::str(s.substr(p, e - p), taint));
            p = e;
          }
        } else {
          size_t p = 0;
          while (parts.size() < 64) {
            size_t e = s.find(sep, p);
            parts.push_back(Value::str(s.substr(p, e == std::string::npos ? std::string::npos : e - p), taint));
            if (e == std::string::npos) break;
            p = e + sep.size();
          }
        }
        return make_list(std::move(parts));
      }
      Value v = make_list({});
      v.alts[0].c->open = true;
      v.alts[0].c->rest = Value::str(std::string(1, kUnknownPart), taint);
      // Lines of a shape (what `lsblk -p` prints: "/dev/?" each) split at
      // blanks or lines: an element is one of the pieces the known text
      // shows, an unknown part one piece, as the shell's fields are.
      const std::string sep = (m != "splitlines" && a0) ? first_text(*a0) : m == "splitlines" ? "\n" : "";
      if (me.size() == 1 && (sep.empty() || sep == "\n")) {
        Value pieces;
        bool any = false, shaped = true;
        const std::string& text = me[0];
        auto blank = [&](char c) { return sep.empty() ? std::isspace(static_cast<unsigned char>(c)) != 0 : c == '\n'; };
        for (size_t p = 0; p < text.size() && shaped;) {
          while (p < text.size() && blank(text[p])) ++p;
          size_t e = p;
          while (e < text.size() && !blank(text[e])) ++e;
          if (e == p) break;
          const std::string piece = text.substr(p, e - p);
          shaped = piece.find_first_not_of(kUnknownPart) != std::string::npos;
          Value one = Value::str(piece, taint);
          if (!any) pieces = std::move(one);
          else pieces.join(one);
          any = true;
          p = e;
        }
        if (any && shaped) v.alts[0].c->rest = std::move(pieces);
      }
      v.taint = taint;
      v.ev = ev;
      return v;
    }
    if ((m == "partition" || m == "rpartition") && a0) {
      // "pkg.mod:attr".partition(":"): (head, separator, tail), one tuple per
      // alternative of the text; a separator missing leaves the whole text
      // first (partition) or last (rpartition).
      const std::string sep = first_text(*a0);
      Value out;
      bool any = false;
      for (const auto& text : me) {
        std::vector<Value> parts;
        if (is_partial(text) || is_partial(sep) || sep.empty()) {
          for (int i = 0; i < 3; ++i) parts.push_back(Value::str(std::string(1, kUnknownPart), taint));
        } else {
          size_t at = m == "partition" ? text.find(sep) : text.rfind(sep);
          if (at == std::string::npos) {
            parts = {Value::str(m == "partition" ? text : "", taint), Value::str("", taint),
                     Value::str(m == "partition" ? "" : text, taint)};
          } else {
            parts = {Value::str(text.substr(0, at), taint), Value::str(sep, taint),
                     Value::str(text.substr(at + sep.size()), taint)};
          }
        }
        accumulate(out, any, make_list(std::move(parts), VK::tuple));
      }
      out.taint |= taint;
      if (out.ev < 0) out.ev = ev;
      return out;
    }
    if (m == "translate") {
      bool known = self.all_const_strings();
      return Value::tainted(taint | (known ? kObfuscated : 0u), ev);
    }
    if (m == "hex") return Value::tainted(taint | kEncoded, ev);
    if (m == "zfill" || m == "center" || m == "ljust" || m == "rjust" || m == "expandtabs" ||
        m == "removeprefix" || m == "removesuffix")
      return strings(me, kind, taint, ev);
    if (text_predicate(m) || m == "find" || m == "rfind" || m == "index" || m == "count") return Value();
    return Value::tainted(taint, ev);
  }
  if (!self.single() || !self.single()->c) return Value::tainted(taint, ev);
  auto& c = *self.single()->c;
  if (a.s == "list" || a.s == "set") {
    // Only an append keeps the known end of an open list (reverse swaps it).
    if (m != "append" && m != "add" && m != "extend" && m != "update" && m != "copy" && m != "reverse" &&
        m != "count" && m != "index")
      c.forget_tail();
    if (m == "append" || m == "add") {
      if (a0) c.push(*a0);
      return Value::none();
    }
    if (m == "extend" || m == "update") {
      if (a0) {
        std::vector<Value> xs;
        Value sum = iterate(*a0, &xs);
        if (!xs.empty()) for (auto& x : xs) c.push(x);
        else c.add_unknown(sum);
      }
      return Value::none();
    }
    if (m == "insert") {
      if (const Value* v = args.get(1, "")) {
        if (c.open) c.add_unknown(*v);  // somewhere among the unknown ones
        else c.push(*v);
      }
      return Value::none();
    }
    if (m == "pop") return c.summary();
    if (m == "copy") {
      Value v = make_list(c.items, self.single()->k);
      v.alts[0].c->open = c.open;
      v.alts[0].c->rest = c.rest;
      v.alts[0].c->tail = c.tail;
      v.taint = self.taint;
      v.ev = self.ev;
      return v;
    }
    if (m == "reverse") {
      std::reverse(c.items.begin(), c.items.end());
      if (c.open) {
        // The known end becomes the known start and the other way round.
        std::vector<Value> first = std::move(c.tail);
        std::reverse(first.begin(), first.end());
        c.set_tail(std::move(c.items));
        c.items = std::move(first);
      }
      return Value::none();
    }
    if (m == "decode" || m == "hex") {
      // A bytearray's text.
      std::string text;
      bool known = !c.open;
      for (const auto& x : c.items) {
        const Alt* xi = x.single();
        if (!xi || xi->k != VK::integer) {
          known = false;
          break;
        }
        text += static_cast<char>(xi->i & 0xff);
      }
      text = concrete(text);
      uint32_t t = deep_taint(self);
      int32_t e = deep_ev(self);
      return known && m == "decode" ? Value::str(text, t) : Value::tainted(t, e);
    }
    return Value::tainted(taint, ev);
  }
  if (a.s == "dict") {
    if (m == "getboolean" || m == "getint" || m == "getfloat") {
      // A configuration section's typed getters (configparser's section, which
      // a dict of its options stands for): the stored text converted, where
      // it is known, or the fallback.
      Value raw;
      bool found = false;
      if (a0)
        if (const Alt* k = a0->single(); k && k->k == VK::str && !is_partial(k->s))
          if (const Value* v = c.get_key(k->s)) {
            raw = *v;
            found = true;
          }
      if (!found) raw = c.summary();
      if (const Value* fallback = args.get(1, "fallback")) raw.join(*fallback);
      return config_typed(raw, m);
    }
    if (m == "get" || m == "pop" || m == "setdefault") {
      Value out;
      bool found = false, known_key = false;
      if (a0)
        if (const Alt* k = a0->single())
          if (k->k == VK::str && !is_partial(k->s)) {
            known_key = true;
            if (const Value* v = c.get_key(k->s)) {
              out = *v;
              found = true;
            }
          }
      const Value* d = args.get(1, "default");
      // A known key that a dict of known keys lacks: the default itself (the very
      // list setdefault stores, so that appending to it fills the dict's).
      if (!found && known_key && !c.open && d) {
        if (m == "setdefault") c.store(*a0, *d);
        return *d;
      }
      // A known key an open dict lacks by name is in its unknown part, if
      // anywhere: not at the other keys (cfg.get("docker_socket", SOCK) of a
      // json config given defaults for "image" and "data_dir").
      if (!found) out = known_key && c.open ? c.rest : c.summary();
      if (d) {
        if (m == "setdefault" && a0 && !found) c.store(*a0, *d);
        out.join(*d);
      }
      if (a0 && (a0->taint & kLookupCarried)) out.add_taint(a0->taint & kLookupCarried, a0->ev);
      return out;
    }
    if (m == "items" || m == "keys" || m == "values") {
      std::vector<Value> xs;
      for (const auto& [k, v] : c.keyed) {
        if (m == "items") xs.push_back(make_list({Value::str(k), v}, VK::tuple));
        else if (m == "keys") xs.push_back(Value::str(k));
        else xs.push_back(v);
      }
      Value l = make_list(std::move(xs));
      // The keys of a mapping read at run time name what it holds; the
      // secrets (a credential store's tokens) are in its values.
      const uint32_t key_taint = self.taint & ~kValueSecrets;
      if (c.open) {
        Value rest_keys = c.rest_keys, rest = c.rest;
        rest_keys.add_taint(key_taint, self.ev);
        rest.add_taint(self.taint, self.ev);
        l.alts[0].c->open = true;
        l.alts[0].c->rest = m == "items" ? make_list({rest_keys, rest}, VK::tuple) : m == "keys" ? rest_keys : rest;
      }
      l.taint |= m == "values" ? self.taint : key_taint;
      if (l.ev < 0) l.ev = self.ev;
      return l;
    }
    if (m == "update") {
      // Keys known only at run time may be any of the keys already held: each
      // may now hold what they hold (a user's JSON over the defaults).
      auto any_key = [&c](const Value& v) {
        for (auto& kv : c.keyed) kv.second.join(v);
        c.open = true;
        c.rest.join(v);
      };
      if (a0)
        if (const Alt* d = a0->single())
          if (d->k == VK::dict && d->c) {
            for (const auto& kv : d->c->keyed) c.set_key(kv.first, kv.second);
            if (d->c->open) {
              any_key(d->c->rest);
              c.rest_keys.join(d->c->rest_keys);
            }
            return Value::none();
          }
      for (const auto& [k, v] : args.kw) c.set_key(k, v);
      if (a0) any_key(*a0);
      return Value::none();
    }
    if (m == "copy") {
      Value d = make_dict();
      *d.alts[0].c = c;
      d.taint = self.taint;
      d.ev = self.ev;
      return d;
    }
    return Value::tainted(taint, ev);
  }
  handled = false;
  return Value();
}

// ---------------------------------------------------------------- operators

Value PyInterp::binary(const std::string& op, const Value& l, const Value& r, NodeId at) {
  (void)at;
  Value out;
  bool any = false;
  auto put = [&](Value v) {
    if (!any) out = std::move(v);
    else out.join(v);
    any = true;
  };
  std::vector<Alt> la = l.alts, ra = r.alts;
  if (la.empty()) la.push_back(Alt{});
  if (ra.empty()) ra.push_back(Alt{});
  size_t pairs = 0;
  for (const auto& x : la)
    for (const auto& y : ra) {
      if (++pairs > 16) break;
      bool xs = x.k == VK::str || x.k == VK::bytes, ys = y.k == VK::str || y.k == VK::bytes;
      if (op == "+") {
        if (xs || ys) {
          std::string a = xs ? x.s : x.k == VK::integer ? std::to_string(x.i) : std::string(1, kUnknownPart);
          std::string b = ys ? y.s : y.k == VK::integer ? std::to_string(y.i) : std::string(1, kUnknownPart);
          if (a.size() + b.size() > (1u << 24)) {
            put(Value());
            continue;
          }
          Value v = Value::str(a + b);
          if (x.k == VK::bytes || y.k == VK::bytes) v.alts[0].k = VK::bytes;
          put(v);
        } else if ((x.k == VK::list || x.k == VK::tuple) && (y.k == VK::list || y.k == VK::tuple) && x.c && y.c) {
          std::vector<Value> items = x.c->items;
          Value v;
          if (!x.c->open) items.insert(items.end(), y.c->items.begin(), y.c->items.end());
          v = make_list(std::move(items), x.k);
          if (x.c->open || y.c->open) {
            auto& c = *v.alts[0].c;
            c.open = true;
            c.rest = x.c->rest;
            c.rest.join(y.c->rest);
            if (x.c->open) c.rest.join(y.c->summary());
            // What is known of the end: y's last elements, or all of a closed y after an open x.
            if (y.c->open) {
              c.tail = y.c->tail;
            } else {
              std::vector<Value> last = x.c->tail;
              last.insert(last.end(), y.c->items.begin(), y.c->items.end());
              c.set_tail(std::move(last));
            }
          }
          put(v);
        } else if (x.k == VK::integer && y.k == VK::integer) {
          int64_t sum = 0;  // (past int64: unknown, as Python's unbounded integers are here)
          put(__builtin_add_overflow(x.i, y.i, &sum) ? Value() : Value::integer(sum));
        } else if ((x.k == VK::list || x.k == VK::tuple) && x.c) {
          Value v = make_list(x.c->items, x.k);
          v.alts[0].c->open = true;
          put(v);
        } else if ((y.k == VK::list || y.k == VK::tuple) && y.c) {
          Value v = make_list(y.c->items, y.k);
          v.alts[0].c->open = true;
          put(v);
        } else {
          put(Value());
        }
      } else if (op == "%" && xs) {
        Value one;
        FormatArgs args;
        if ((y.k == VK::tuple) && y.c) {
          for (const auto& v : y.c->items) args.pos.push_back(&v);
        } else if (y.k == VK::dict && y.c) {
          for (const auto& kv : y.c->keyed) args.named.emplace_back(kv.first, &kv.second);
        } else {
          one.alts.push_back(y);
          args.pos.push_back(&one);
        }
        put(strings(args.each_text({x.s}, percent_format), x.k, 0, -1));
      } else if (op == "*") {
        if (xs && y.k == VK::integer && y.i >= 0 && y.i <= 4096 && x.s.size() * static_cast<size_t>(y.i) <= 4096) {
          std::string s;
          for (int64_t i = 0; i < y.i; ++i) s += x.s;
          put(Value::str(s));
        } else if (ys && x.k == VK::integer && x.i >= 0 && x.i <= 4096 && y.s.size() * static_cast<size_t>(x.i) <= 4096) {
          std::string s;
          for (int64_t i = 0; i < x.i; ++i) s += y.s;
          put(Value::str(s));
        } else if (x.k == VK::integer && y.k == VK::integer) {
          int64_t product = 0;
          put(__builtin_mul_overflow(x.i, y.i, &product) ? Value() : Value::integer(product));
        } else if ((x.k == VK::list || x.k == VK::tuple) && x.c) {
          Value v = make_list(x.c->items, x.k);
          v.alts[0].c->open = true;
          v.alts[0].c->rest = x.c->summary();
          put(v);
        } else if (xs || ys) {
          put(Value::str(std::string(1, kUnknownPart)));
        } else {
          put(Value());
        }
      } else if (op == "/" && x.k == VK::object && x.s == "pathlib.Path") {
        std::string b = ys ? y.s : y.k == VK::object ? y.extra : std::string(1, kUnknownPart);
        put(Value::object("pathlib.Path", x.extra.empty() ? b : path_join({x.extra, b})));
      } else if (x.k == VK::integer && y.k == VK::integer) {
        // (Python's integers have no bound: a result past int64 is unknown, never UB)
        int64_t a = x.i, b = y.i, v = 0;
        bool ok = true;
        const bool min_by_minus_one = a == std::numeric_limits<int64_t>::min() && b == -1;
        if (op == "-") ok = !__builtin_sub_overflow(a, b, &v);
        else if (op == "^") v = a ^ b;
        else if (op == "&") v = a & b;
        else if (op == "|") v = a | b;
        else if (op == "<<") ok = b >= 0 && b < 62 && a >= 0 && a <= (std::numeric_limits<int64_t>::max() >> b), v = ok ? a << b : 0;
        else if (op == ">>") ok = b >= 0 && b < 64, v = ok ? a >> b : 0;
        else if (op == "//") ok = b != 0 && !min_by_minus_one, v = ok ? a / b : 0;
        else if (op == "%") ok = b != 0 && !min_by_minus_one, v = ok ? ((a % b) + b) % b : 0;
        else if (op == "**") {
          ok = b >= 0 && b < 63;
          v = 1;
          for (int64_t i = 0; ok && i < b; ++i) ok = !__builtin_mul_overflow(v, a, &v);
        } else ok = false;
        put(ok ? Value::integer(v) : Value());
      } else if (op == "|" && ((x.k == VK::integer && (x.i & 06000) && y.k != VK::integer && !ys) ||
                               (y.k == VK::integer && (y.i & 06000) && x.k != VK::integer && !xs))) {
        // st_mode | S_ISUID: whatever the other bits are, the setuid/setgid
        // bits are set, and they are what a chmod is judged by.
        put(Value::integer((x.k == VK::integer ? x.i : y.i) & 06000));
      } else {
        Value v;
        if (op == "^" || op == "+" || op == "-") v.taint = 0;
        put(v);
      }
    }
  if (!any) out = Value();
  out.taint |= l.taint | r.taint;
  if (out.ev < 0) out.ev = l.ev >= 0 ? l.ev : r.ev;
  // XOR: decoding constant data hides a payload; XOR over other data is a
  // home-made cipher.
  // So is a file's bytes XORed with a keystream that is not itself from a
  // file, or with key material (a hash of a random key or a password: a
  // home-made stream cipher; pairs from zip() carry both sides' labels).
  // XOR with 0 changes nothing: the start of a checksum (v = 0; v ^= b for
  // each byte, a serial frame's LRC), not a key.
  auto zero = [](const Value& v) {
    const Alt* a = v.single();
    return a && a->k == VK::integer && a->i == 0;
  };
  if (op == "^" && !zero(l) && !zero(r)) {
    bool lc = !l.maybe_unknown() || (l.taint & kConstData), rc = !r.maybe_unknown() || (r.taint & kConstData);
    constexpr uint32_t kFromFile = kFileData | kUserFile;
    const uint32_t both = l.taint | r.taint;
    if (lc && rc) out.taint |= kObfuscated;
    else if (lc || rc) out.taint |= kEncrypted;
    else if (((l.taint & kFromFile) != 0) != ((r.taint & kFromFile) != 0)) out.taint |= kEncrypted;
    else if ((both & kFromFile) && (both & (kUnpredictable | kPassword))) out.taint |= kEncrypted;
  }
  return out;
}

void PyInterp::print_to_stdout(const Args& args, const std::optional<std::string>& text) {
  for (const Value& v : args.pos) {
    ctx_.nested_printed_taint |= deep_taint(v);
    if (ctx_.nested_printed_ev < 0) ctx_.nested_printed_ev = deep_ev(v);
  }
  ctx_.print_text(text);
}

std::optional<std::string> PyInterp::printed_lines(const Args& args, bool newline) const {
  if (!args.kw.empty() || args.pos.empty() || args.star_unknown) return std::nullopt;  // (sep=, end=: not modelled)
  // (a text partly known prints as it is, its unknown parts unknown: a
  // requirements list whose known packages come first; a value wholly
  // unknown printed alone is a line of unknown text, beside the lines a
  // loop printed of the values it knows; more than one argument, or one
  // that is not text, makes the printed text unknown)
  auto text_of = [](const Alt& a) -> std::optional<std::string> {
    if ((a.k == VK::str || a.k == VK::bytes) &&
        (!is_partial(a.s) || a.s.find_first_not_of(kUnknownPart) != std::string::npos))
      return a.s;
    if (a.k == VK::integer) return std::to_string(a.i);
    return std::nullopt;
  };
  std::string out;
  if (args.pos.size() == 1) {
    if (args.pos[0].alts.empty()) return std::string(1, kUnknownPart) + (newline ? "\n" : "");
    for (const Alt& a : args.pos[0].alts) {
      auto t = text_of(a);
      if (!t && (a.k == VK::unknown || a.k == VK::str)) t = std::string(1, kUnknownPart);
      if (!t) return std::nullopt;
      out += *t;
      if (newline || args.pos[0].alts.size() > 1) out += '\n';
    }
    return out;
  }
  for (const Value& v : args.pos) {
    const Alt* a = v.single();
    auto t = a ? text_of(*a) : std::nullopt;
    if (!t) return std::nullopt;
    if (!out.empty()) out += ' ';
    out += *t;
  }
  return newline ? out + "\n" : out;
}

void PyInterp::take_program_stdin(Value& read) const {
  if (!ctx_.program_stdin_taint) return;
  read.taint |= ctx_.program_stdin_taint;
  if (read.ev < 0) read.ev = ctx_.program_stdin_ev;
}

}  // namespace mai::assess
