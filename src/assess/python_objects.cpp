// Instances of the code's own classes, told apart. Every instance's
// attributes are also joined into its class (ClassInfo::inst), which is what
// an instance known only by its class reads; an instance known apart (Alt::i,
// a number new_object gave it) reads its own first. A list of
// Requirement(name, spec) objects then formats each name with its own spec,
// not every name with every spec.
#include <string>

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

}  // namespace mai::assess
