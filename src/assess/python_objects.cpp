// Instances of the code's own classes, told apart. Every instance's
// attributes are also joined into its class (ClassInfo::inst), which is what
// an instance known only by its class reads; an instance known apart (Alt::i,
// a number new_object gave it) reads its own first. A list of
// Requirement(name, spec) objects then formats each name with its own spec,
// not every name with every spec.
#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "assess/python_interp.hpp"

namespace mai::assess {

int64_t PyInterp::new_object() {
  if (objects_.size() >= kMaxObjects) return 0;
  objects_.emplace_back();
  return static_cast<int64_t>(objects_.size());
}

const Value* PyInterp::own_instance_attr(const Alt& instance, const std::string& name) const {
  if (instance.i <= 0 || static_cast<size_t>(instance.i) > objects_.size()) return nullptr;
  const auto& own = objects_[static_cast<size_t>(instance.i - 1)];
  auto it = own.find(name);
  return it == own.end() ? nullptr : &it->second;
}

const Value* PyInterp::instance_attr(const Alt& instance, const std::string& name) const {
  if (const Value* own = own_instance_attr(instance, name)) return own;
  return find_instance_attr(*static_cast<const ClassInfo*>(instance.fn), name);
}

void PyInterp::store_instance_attr(const Alt& instance, const std::string& name, const Value& v) {
  // Joined, not replaced, in both: the assignment may be on one path of a
  // branch, and a method's later assignment does not undo its __init__'s.
  auto join_into = [&](std::unordered_map<std::string, Value>& attrs) {
    auto [it, fresh] = attrs.try_emplace(name, v);
    if (!fresh) it->second.join(v);
  };
  join_into(static_cast<ClassInfo*>(const_cast<void*>(instance.fn))->inst);
  if (instance.i > 0 && static_cast<size_t>(instance.i) <= objects_.size())
    join_into(objects_[static_cast<size_t>(instance.i - 1)]);
}

std::vector<std::string> PyInterp::attribute_names(const Alt& a) const {
  std::vector<std::string> names;
  if ((a.k != VK::instance && a.k != VK::cls) || !a.fn) return names;
  std::vector<const ClassInfo*> line{static_cast<const ClassInfo*>(a.fn)};
  for (size_t i = 0; i < line.size() && i < 8; ++i) {
    if (line[i]->scope)
      for (const auto& name_value : line[i]->scope->vars) names.push_back(name_value.first);
    if (a.k == VK::instance) {
      for (const auto& name_value : line[i]->inst)
        if (name_value.first != kLibraryPart) names.push_back(name_value.first);
      names.insert(names.end(), line[i]->fields.begin(), line[i]->fields.end());
    }
    for (const auto& b : line[i]->bases)
      for (const auto& ba : b.alts)
        if (ba.k == VK::cls) line.push_back(static_cast<const ClassInfo*>(ba.fn));
  }
  return names;
}

// getattr(obj, name) with a name known only in part (a component's name from
// the command line): any data attribute of the code's own class whose name
// fits, joined (a table of package lists picked by name). Dunder names only
// where the pattern asks for them; past 16 candidates, or for another kind of
// object, only the labels of what it holds.
Value PyInterp::attributes_named_like(const Value& obj, const std::string& pattern, NodeId at) {
  auto held_labels = [&] {
    auto [t, ev] = attributes_held(obj);
    return Value::tainted(t, ev);
  };
  std::string glob;
  for (char ch : pattern) {
    if (ch == kUnknownPart) {
      if (glob.empty() || glob.back() != '*') glob += '*';
    } else if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') {
      glob += ch;
    } else {
      return held_labels();  // not an identifier's pattern
    }
  }
  const bool dunder = glob.rfind("__", 0) == 0;
  std::vector<std::string> names;
  for (const auto& a : obj.alts) {
    if ((a.k != VK::instance && a.k != VK::cls) || !a.fn) return held_labels();
    for (auto& n : attribute_names(a))
      if ((dunder || n.rfind("__", 0) != 0) && fnmatch(glob.c_str(), n.c_str(), 0) == 0) names.push_back(std::move(n));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  if (names.empty() || names.size() > Value::kMaxAlts) return held_labels();
  // Data only: a method picked by a run-time name (getattr(self, "http_error_%d"
  // % code)) is called with whatever the call gives it, through code paths
  // no run takes together; those stay unknown, as before.
  Value out;
  bool any = false, callable = false;
  for (const auto& n : names) {
    Value v = attribute_of(obj, n, at);
    if (std::any_of(v.alts.begin(), v.alts.end(), [](const Alt& x) {
          return x.k == VK::function || x.k == VK::method || x.k == VK::cls || x.k == VK::libfunc;
        })) {
      callable = true;
      continue;
    }
    if (!any) out = std::move(v);
    else out.join(v);
    any = true;
  }
  if (!any) return held_labels();
  if (callable) out.add(Alt{});
  const Value held = held_labels();
  out.taint |= held.taint;
  if (out.ev < 0) out.ev = held.ev;
  return out;
}

}  // namespace mai::assess
