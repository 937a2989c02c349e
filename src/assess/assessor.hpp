// The assessor: parses the code (tree-sitter), interprets it abstractly
// (Python or shell front end, with the library model of
// config/library-model.yaml) into effects, and grades the effects with the
// rules of config/assessment.yaml and the known threats of
// config/known-threats.yaml into one Assessment with evidence chains.
#pragma once
#include <memory>
#include <string_view>

#include "assess/known_threats.hpp"
#include "assess/library_model.hpp"
#include "assess/rules.hpp"
#include "config/config_source.hpp"
#include "model/assessment.hpp"

namespace mai::assess {

class Assessor {
 public:
  // assessment.yaml, library-model.yaml and known-threats.yaml from `source`;
  // throws ConfigError naming the file, line and field of anything wrong.
  static Assessor from_config(const config::Source& source);
  static Assessor from_nodes(const config::Node& rules, const config::Node& model, const config::Node& threats);

  // Thread-safe; never throws, whatever the input (garbage, binary, deeply
  // nested, megabytes).
  Assessment assess(std::string_view code, Language language, Origin origin) const;

  const RuleSet& rules() const { return *rules_; }
  const LibraryModel& model() const { return *model_; }
  const KnownThreats& threats() const { return *threats_; }

  static constexpr size_t kMaxFindings = 500;
  // A BLOCKED explanation is kBlockedLead, what it does and what would make
  // it acceptable, then kOverrideTail (code_inputs.cpp joins several).
  static constexpr std::string_view kBlockedLead = "This code was blocked: ";
  static constexpr std::string_view kOverrideTail = " It will not run unless you explicitly override the block.";
  // Work units of the interpreters: a fixed allowance plus some per byte.
  static uint64_t budget_for(size_t bytes) { return 400000 + 40 * static_cast<uint64_t>(bytes); }

 private:
  Assessor(std::shared_ptr<const LibraryModel> m, std::shared_ptr<const RuleSet> r,
           std::shared_ptr<const KnownThreats> t)
      : model_(std::move(m)), rules_(std::move(r)), threats_(std::move(t)) {}
  Assessment assess_inner(std::string_view code, const std::string& code_sha256, Language language,
                          Origin origin) const;

  std::shared_ptr<const LibraryModel> model_;
  std::shared_ptr<const RuleSet> rules_;
  std::shared_ptr<const KnownThreats> threats_;
};

}  // namespace mai::assess
