// The assessor's shell front end (tree-sitter, the abstract interpreter, the
// command model, the rules): any bytes must give an assessment, never an
// exception or a crash, within the work budget, and its JSON must serialise.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "assess/assessor.hpp"
#include "model/json_codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const mai::assess::Assessor engine =
      mai::assess::Assessor::from_config(mai::config::Source(std::nullopt));
  std::string_view code(reinterpret_cast<const char*>(data), size);
  for (mai::Origin origin : {mai::Origin::external, mai::Origin::mai}) {
    mai::Assessment a = engine.assess(code, mai::Language::shell, origin);
    if (a.code_sha256.size() != 64 || a.findings.size() > mai::assess::Assessor::kMaxFindings) std::abort();
    if (a.level == mai::RiskLevel::blocked && a.explanation.empty()) std::abort();
    (void)mai::to_json(a).dump();  // throws on bytes that are not UTF-8
  }
  return 0;
}
