#include "config/yaml_node.hpp"

#include <yaml.h>

#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "common/units.hpp"

namespace mai::config {

struct Node::Value {
  enum class Kind { null, scalar, sequence, map } kind = Kind::null;
  std::string text;  // a scalar's
  int line = 0;      // 1-based
  std::vector<const Value*> items;
  std::vector<std::pair<const Value*, const Value*>> entries;  // key, value
};

struct Node::Document {
  std::string file;
  std::deque<Value> values;  // stable addresses
};

namespace {

using Value = Node::Value;
using Kind = Node::Value::Kind;

struct Parser {
  yaml_parser_t p;
  explicit Parser(const std::string& text) {
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  ~Parser() { yaml_parser_delete(&p); }
};

struct Event {
  yaml_event_t e;
  ~Event() { yaml_event_delete(&e); }
};

bool is_null_scalar(const yaml_event_t& e) {
  if (e.data.scalar.style != YAML_PLAIN_SCALAR_STYLE) return false;
  std::string_view v(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length);
  return v.empty() || v == "~" || v == "null" || v == "Null" || v == "NULL";
}

const char* anchor_of(const yaml_event_t& e) {
  switch (e.type) {
    case YAML_SCALAR_EVENT: return reinterpret_cast<const char*>(e.data.scalar.anchor);
    case YAML_SEQUENCE_START_EVENT: return reinterpret_cast<const char*>(e.data.sequence_start.anchor);
    case YAML_MAPPING_START_EVENT: return reinterpret_cast<const char*>(e.data.mapping_start.anchor);
    default: return nullptr;
  }
}

// The first document of `text` as a tree; a syntax error becomes a ConfigError.
// Containers are built with an explicit stack (no recursion, any depth).
// An alias names a node already complete, so a document cannot contain itself.
const Value* build(Node::Document& doc, const std::string& text) {
  Parser parser(text);
  struct Open {
    Value* v;
    std::optional<std::string> anchor;  // registered when the container is complete
    const Value* key = nullptr;         // a mapping's key waiting for its value
  };
  std::vector<Open> stack;
  std::map<std::string, const Value*> anchors;
  const Value* root = nullptr;
  auto fail = [&](int line, const std::string& why) -> void {
    throw ConfigError(doc.file, line, "", "not valid YAML: " + why);
  };
  // Places a finished node into its parent (or as the root).
  auto place = [&](const Value* v) {
    if (stack.empty()) {
      if (!root) root = v;
      return;
    }
    Open& top = stack.back();
    if (top.v->kind == Kind::sequence) {
      top.v->items.push_back(v);
    } else if (!top.key) {
      top.key = v;
    } else {
      top.v->entries.emplace_back(top.key, v);
      top.key = nullptr;
    }
  };
  for (;;) {
    Event ev;
    if (!yaml_parser_parse(&parser.p, &ev.e)) {
      const auto& p = parser.p;
      std::string why = p.problem ? p.problem : "syntax error";
      if (p.context) why += std::string(" ") + p.context;
      fail(static_cast<int>(p.problem_mark.line) + 1, why);
    }
    const int line = static_cast<int>(ev.e.start_mark.line) + 1;
    switch (ev.e.type) {
      case YAML_STREAM_END_EVENT:
        return root;
      case YAML_DOCUMENT_END_EVENT:
        return root;  // the first document only
      case YAML_SCALAR_EVENT: {
        Value& v = doc.values.emplace_back();
        v.line = line;
        if (!is_null_scalar(ev.e)) {
          v.kind = Kind::scalar;
          v.text.assign(reinterpret_cast<const char*>(ev.e.data.scalar.value), ev.e.data.scalar.length);
        }
        if (const char* a = anchor_of(ev.e)) anchors[a] = &v;
        place(&v);
        break;
      }
      case YAML_ALIAS_EVENT: {
        auto it = anchors.find(reinterpret_cast<const char*>(ev.e.data.alias.anchor));
        if (it == anchors.end())
          fail(line, std::string("unknown anchor ") + reinterpret_cast<const char*>(ev.e.data.alias.anchor));
        place(it->second);
        break;
      }
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT: {
        Value& v = doc.values.emplace_back();
        v.line = line;
        v.kind = ev.e.type == YAML_SEQUENCE_START_EVENT ? Kind::sequence : Kind::map;
        const char* a = anchor_of(ev.e);
        stack.push_back(Open{&v, a ? std::optional<std::string>(a) : std::nullopt});
        break;
      }
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT: {
        Open done = std::move(stack.back());
        stack.pop_back();
        if (done.anchor) anchors[*done.anchor] = done.v;
        place(done.v);
        break;
      }
      default:
        break;  // stream and document starts
    }
  }
}

const std::string* key_text(const Value* key) { return key->kind == Kind::scalar ? &key->text : nullptr; }

const Value* find(const Value* map, const std::string& key) {
  if (!map || map->kind != Kind::map) return nullptr;
  for (const auto& [k, v] : map->entries)
    if (const std::string* t = key_text(k); t && *t == key) return v;  // the first of duplicates
  return nullptr;
}

}  // namespace

Node::Node(std::shared_ptr<const Document> doc, const Value* value, std::string path, int fallback)
    : doc_(std::move(doc)), value_(value), path_(std::move(path)), line_(fallback) {}

Node Node::parse(const std::string& file_name, const std::string& text) {
  auto doc = std::make_shared<Document>();
  doc->file = file_name;
  const Value* root = build(*doc, text);
  if (!root || root->kind == Kind::null) {
    Value& empty = doc->values.emplace_back();
    empty.kind = Kind::map;
    empty.line = 1;
    root = &empty;
  }
  return Node(std::move(doc), root, "", 1);
}

const std::string& Node::file() const { return doc_->file; }
bool Node::defined() const { return value_ && value_->kind != Kind::null; }
bool Node::is_map() const { return value_ && value_->kind == Kind::map; }
bool Node::is_sequence() const { return value_ && value_->kind == Kind::sequence; }

int Node::line() const { return value_ ? value_->line : line_; }

void Node::fail(const std::string& message) const { throw ConfigError(doc_->file, line(), path_, message); }

bool Node::has(const std::string& key) const {
  const Value* v = find(value_, key);
  return v && v->kind != Kind::null;
}

Node Node::operator[](const std::string& key) const {
  std::string child_path = path_.empty() ? key : path_ + "." + key;
  return Node(doc_, find(value_, key), std::move(child_path), line());
}

void Node::expect_map() const {
  if (!is_map()) fail(value_ ? "expected a mapping of keys to values" : "missing");
}

void Node::expect_keys(std::initializer_list<const char*> allowed) const {
  expect_map();
  std::set<std::string> ok(allowed.begin(), allowed.end());
  for (const auto& [k, v] : value_->entries) {
    const std::string* key = key_text(k);
    std::string name = key ? *key : std::string();
    if (!ok.count(name)) {
      std::string list;
      for (const auto& o : ok) list += (list.empty() ? "" : ", ") + o;
      std::string where = path_.empty() ? name : path_ + "." + name;
      throw ConfigError(doc_->file, k->line, where, "unknown key (expected one of: " + list + ")");
    }
  }
}

std::string Node::scalar(const char* what) const {
  if (!defined()) fail(std::string("missing; expected ") + what);
  if (value_->kind != Kind::scalar) fail(std::string("expected ") + what);
  return value_->text;
}

std::string Node::as_string() const { return scalar("a string"); }

bool Node::as_bool() const {
  std::string s = scalar("true or false");
  if (s == "true" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "no" || s == "off") return false;
  fail("expected true or false, got '" + s + "'");
}

double Node::as_number() const {
  std::string s = scalar("a number");
  try {
    size_t used = 0;
    double v = std::stod(s, &used);
    if (used == s.size() && std::isfinite(v)) return v;
  } catch (...) {
  }
  fail("expected a number, got '" + s + "'");
}

uint64_t Node::as_uint(uint64_t min, uint64_t max) const {
  std::string s = scalar("a whole number");
  bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
  uint64_t v = 0;
  if (digits && s.size() <= 19) v = std::stoull(s);
  if (!digits || s.size() > 19) fail("expected a whole number, got '" + s + "'");
  if (v < min || v > max)
    fail("must be between " + std::to_string(min) + " and " + std::to_string(max) + ", got " + s);
  return v;
}

uint64_t Node::as_size() const {
  std::string s = scalar("a size such as 512MiB");
  auto v = parse_size(s);
  if (!v) fail("expected a size such as 512MiB or 1GiB, got '" + s + "'");
  return *v;
}

uint64_t Node::as_duration_ms() const {
  std::string s = scalar("a duration such as 60s");
  auto v = parse_duration_ms(s);
  if (!v) fail("expected a duration such as 60s or 250ms, got '" + s + "'");
  return *v;
}

std::vector<std::string> Node::as_string_list() const {
  std::vector<std::string> out;
  for (const auto& item : items()) out.push_back(item.as_string());
  return out;
}

std::vector<Node> Node::items() const {
  if (!is_sequence()) fail(value_ ? "expected a list" : "missing; expected a list");
  std::vector<Node> out;
  out.reserve(value_->items.size());
  for (size_t i = 0; i < value_->items.size(); ++i)
    out.push_back(Node(doc_, value_->items[i], path_ + "[" + std::to_string(i) + "]", line()));
  return out;
}

std::vector<std::pair<std::string, Node>> Node::entries() const {
  expect_map();
  std::vector<std::pair<std::string, Node>> out;
  out.reserve(value_->entries.size());
  for (const auto& [k, v] : value_->entries) {
    const std::string* t = key_text(k);
    std::string key = t ? *t : std::string();
    out.emplace_back(key, Node(doc_, v, path_.empty() ? key : path_ + "." + key, k->line));
  }
  return out;
}

}  // namespace mai::config
