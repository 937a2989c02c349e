// Abstract values of the interpreters: a value is a bounded set of
// alternatives (constants, partly known strings, containers, library objects,
// user functions and classes), joined where control flow merges, plus the
// taint labels of its data and the head of its evidence chain.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mai::assess {

// Stands for an unknown part of a partly known string ("curl " + url + " | sh").
constexpr char kUnknownPart = '\x1a';

// Concrete data (literals, decoded bytes) must not contain the marker: a
// real 0x1a byte becomes 0x1b, which changes nothing the rules look at.
inline std::string concrete(std::string s) {
  for (auto& c : s)
    if (c == kUnknownPart) c = '\x1b';
  return s;
}

enum class VK : uint8_t {
  str,        // s: the text (kUnknownPart marks unknown parts)
  bytes,      // s: the bytes
  integer,    // i
  floating,
  boolean,    // i: 0/1
  none,
  list,       // c
  tuple,      // c
  set,        // c
  dict,       // c
  module,     // s: qualified module name
  libfunc,    // s: qualified name of a library callable; self: receiver (a method)
  object,     // s: type name (library); extra: its associated text (a path, an endpoint); c: state
  function,   // fn: a user function or lambda (FunctionInfo)
  cls,        // fn: a user class (ClassInfo)
  instance,   // fn: its user class; i: which instance (python_objects.cpp), 0 any
  method,     // fn: user function; self: the receiver
  unknown,    // an alternative that could be anything
};

struct Value;
struct Container;

struct Alt {
  VK k = VK::unknown;
  int64_t i = 0;
  std::string s;
  std::string extra;
  std::shared_ptr<Container> c;
  const void* fn = nullptr;
  std::shared_ptr<const Value> self;

  bool same(const Alt& o) const {
    return k == o.k && i == o.i && s == o.s && extra == o.extra && c == o.c && fn == o.fn && self == o.self;
  }
};

struct Value {
  std::vector<Alt> alts;  // empty: unknown
  uint32_t taint = 0;
  int32_t ev = -1;  // evidence chain head (Evidence pool index), -1: none

  static constexpr size_t kMaxAlts = 16;
  static constexpr size_t kMaxInstancesApart = 8;  // of one class, in one value (Value::add)

  bool unknown() const { return alts.empty(); }
  bool maybe_unknown() const;
  // Exactly one alternative.
  const Alt* single() const { return alts.size() == 1 ? &alts[0] : nullptr; }
  // Each alternative is a fully known string (or bytes).
  bool all_const_strings() const;

  void add(Alt a);             // join one alternative (bounded)
  void join(const Value& o);   // alternatives, taint, evidence
  void add_taint(uint32_t t, int32_t e) {
    taint |= t;
    if (ev < 0) ev = e;
  }

  // A string value keeps at most kMaxString bytes, the rest one unknown part:
  // `s = '%s%s' % (s, s)` doubles a string each line, and 50,000 such lines
  // took 4 GB. The size of the largest decoded payload, so nothing the
  // decoders give back is cut.
  static constexpr size_t kMaxString = 8u << 20;
  static Value str(std::string s, uint32_t taint = 0);
  static Value bytes(std::string s, uint32_t taint = 0);
  static Value integer(int64_t i);
  static Value boolean(bool b);
  static Value none();
  static Value module(std::string name);
  static Value libfunc(std::string name, std::shared_ptr<const Value> self = nullptr);
  static Value object(std::string type, std::string extra = {}, uint32_t taint = 0);
  static Value tainted(uint32_t taint, int32_t ev) {
    Value v;
    v.taint = taint;
    v.ev = ev;
    return v;
  }
};

struct Container {
  Container() = default;
  Container(const Container&) = default;
  Container(Container&&) = default;
  Container& operator=(const Container&) = default;
  Container& operator=(Container&&) = default;
  // 120,000 lines of `x = [x]` make a chain of containers as long, and
  // letting shared_ptr free it recursively overflowed the stack (SIGSEGV):
  // the containers it alone holds are freed in a loop.
  ~Container();

  std::vector<Value> items;                           // list/tuple/set elements; dict: values of unknown keys
  std::vector<std::pair<std::string, Value>> keyed;   // dict: constant string (or int) keys
  bool open = false;  // more elements than listed: `rest` summarises them
  Value rest;
  // An open list's last elements, when known (`labels + [zone]`, or appended
  // after it opened): the list is items, then some unknown ones, then these.
  // Their values are in `rest` too, so code that reads only `rest` loses
  // nothing; anything that changes the list's end other than an append
  // forgets them (forget_tail). Only values without containers: the
  // destructor frees chains of containers through items and rest alone.
  std::vector<Value> tail;
  static constexpr size_t kMaxTail = 8;
  // dict: the keys of `rest` (an unknown key among them): iterating the dict
  // yields them, so descriptors kept as keys ({os.open(dev): dev}) keep their labels.
  Value rest_keys;
  // dict: what a missing known key makes (collections.defaultdict(list)):
  // VK::none for a plain dict, else the kind of the factory's value.
  VK missing = VK::none;
  // `rest` joins the elements of one of several lists (a splat of a
  // parameter given several): its texts are not items one list holds together.
  bool rest_mixed = false;

  static constexpr size_t kMaxItems = 64;
  void push(Value v);                       // append (bounded)
  // Unknown elements join the end: the known tail is no longer the end.
  void add_unknown(const Value& v) {
    open = true;
    rest.join(v);
    tail.clear();
  }
  void forget_tail() { tail.clear(); }
  // Sets the known end to `last` (its last kMaxTail), or forgets it when one
  // of them holds a container.
  void set_tail(std::vector<Value> last);
  void set_key(const std::string& k, Value v);
  // d[key] = v: under the key when it is one known constant, else among the rest.
  // keep_old: on a path that may not run (under an `if`), a known key keeps
  // what it held too.
  void store(const Value& key, Value v, bool keep_old = false);
  const Value* get_key(const std::string& k) const;
  Value* get_key(const std::string& k) { return const_cast<Value*>(std::as_const(*this).get_key(k)); }
  // Every element (or dict value) joined, with `rest`.
  Value summary() const;
};

// Accumulates alternatives: the first value is taken as it is, later ones joined.
inline void accumulate(Value& acc, bool& any, const Value& v) {
  if (!any) acc = v;
  else acc.join(v);
  any = true;
}

Value make_list(std::vector<Value> items, VK kind = VK::list);
// The type name of the list a call of a generator function makes (Alt::s):
// what it yields, and a context manager under contextlib's decorator.
inline constexpr const char* kGeneratorType = "generator";
// The container of a value that is one open list or tuple, else null.
const Container* open_list(const Value& v);
Value make_dict();
// A new, empty value of a kind (what list(), dict(), int(), str() return).
Value empty_of(VK kind);

// Containers can hold themselves (x.append(x), an object whose state holds its
// own method), which reference counting alone would leak. Every container
// made through new_container() while a ContainerScope lives is emptied when
// the outermost scope ends: one scope around each assessment.
std::shared_ptr<Container> new_container();
class ContainerScope {
 public:
  ContainerScope();
  ~ContainerScope();
  ContainerScope(const ContainerScope&) = delete;
  ContainerScope& operator=(const ContainerScope&) = delete;

 private:
  std::vector<std::weak_ptr<Container>> made_;
  bool outermost_ = false;
};

// The taint of a value and of everything it holds (container elements, an
// object's accumulated state), bounded in depth and breadth.
uint32_t deep_taint(const Value& v, int depth = 0);
// The evidence head of the first tainted part (deep).
int32_t deep_ev(const Value& v, int depth = 0);
// The evidence head of the innermost part that carries one of `labels` (-1: none).
int32_t deep_ev_of(const Value& v, uint32_t labels, int depth = 0);
// The evidence of every part of v carrying one of `labels` (two keys in one
// request's headers), at most a few.
void deep_evs_of(const Value& v, uint32_t labels, std::vector<int32_t>& out, int depth = 0);

// String views of a value.
bool is_partial(std::string_view s);
// Known text of each string alternative, unknown parts as kUnknownPart; an
// unknown alternative gives a single kUnknownPart.
std::vector<std::string> string_alternatives(const Value& v, size_t limit = Value::kMaxAlts);
// The first of them (kUnknownPart alone when there is none).
std::string first_text(const Value& v);
// The texts of several values taken together, as an f-string or a format
// interpolates them: a row per combination of their alternatives, at most
// `rows` rows; a value whose alternatives would pass that bound is one
// unknown part in every row (`overflow_first`: its first text).
std::vector<std::vector<std::string>> text_combinations(const std::vector<const Value*>& values,
                                                        size_t rows = Value::kMaxAlts, bool overflow_first = false);
// The first known whole, else the one with the most known: an option's
// default beside what the user may type instead (`--output` defaulting to
// requirements-dev.txt).
std::string likely_text(const Value& v);
// The same choice among texts: its index (0 for none).
size_t likely_index(const std::vector<std::string_view>& texts);
// Shown to people: unknown parts as "…", control bytes escaped, at most `max` bytes.
std::string printable(std::string_view s, size_t max = 120);

}  // namespace mai::assess
