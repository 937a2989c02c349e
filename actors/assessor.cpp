#include "actors/assessor.hpp"

#include "actors/containment.hpp"
#include "assess/code_inputs.hpp"

namespace mai::actors {

assessor_actor::behavior_type assessor(assessor_actor::pointer,
                                       std::shared_ptr<const assess::Assessor> engine) {
  return {
      contain("assessor assess",
              [engine](assess_atom, const std::string& code, const CodeInputs& inputs, Language language,
                       Origin origin) {
                return assess::assess_with_inputs(*engine, code, language, origin, inputs);
              }),
  };
}

}  // namespace mai::actors
