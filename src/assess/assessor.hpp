// The assessor: composes the front ends (Python, shell), the payload decoder,
// the rules of config/assessment.yaml and the known threats of
// config/known-threats.yaml into one Assessment per piece of code.
#pragma once
#include <memory>
#include <string_view>

#include "assess/known_threats.hpp"
#include "assess/rules.hpp"
#include "config/config_source.hpp"
#include "model/assessment.hpp"

namespace mai::assess {

class Assessor {
 public:
  // assessment.yaml + known-threats.yaml from `source`; throws ConfigError
  // naming the file, line and field of anything wrong.
  static Assessor from_config(const config::Source& source);
  static Assessor from_nodes(const config::Node& rules, const config::Node& threats);

  // Thread-safe; never throws, whatever the input (garbage, binary, 10 MB).
  Assessment assess(std::string_view code, Language language, Origin origin) const;

  const RuleSet& rules() const { return *rules_; }
  const KnownThreats& threats() const { return *threats_; }

  static constexpr size_t kMaxFindings = 500;

 private:
  Assessor(std::shared_ptr<const RuleSet> r, std::shared_ptr<const KnownThreats> t)
      : rules_(std::move(r)), threats_(std::move(t)) {}
  Assessment assess_inner(std::string_view code, const std::string& code_sha256, Language language,
                          Origin origin) const;

  std::shared_ptr<const RuleSet> rules_;
  std::shared_ptr<const KnownThreats> threats_;
};

}  // namespace mai::assess
