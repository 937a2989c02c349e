#include "assess/lazy_regex.hpp"

#include <stdexcept>

namespace mai::assess {

std::shared_ptr<const LazyRegex> LazyRegex::from(const config::Node& n, int64_t max_mem) {
  auto lazy = std::make_shared<const LazyRegex>(n.as_string(), max_mem);
  if (!n.built_in()) {
    try {
      lazy->re();
    } catch (const std::runtime_error& e) {
      n.fail(e.what());
    }
  }
  return lazy;
}

const RE2& LazyRegex::re() const {
  std::call_once(once_, [this] {
    RE2::Options o;
    o.set_log_errors(false);
    o.set_max_mem(max_mem_);
    re_ = std::make_unique<RE2>(pattern_, o);
  });
  if (!re_->ok()) throw std::runtime_error("not a valid regular expression (RE2): " + re_->error());
  return *re_;
}

}  // namespace mai::assess
