#include "actors/assessor.hpp"

#include "actors/containment.hpp"

namespace mai::actors {

assessor_actor::behavior_type assessor(assessor_actor::pointer,
                                       std::shared_ptr<const assess::Assessor> engine) {
  return {
      contain("assessor assess",
              [engine](assess_atom, const std::string& code, Language language, Origin origin) {
                return engine->assess(code, language, origin);
              }),
  };
}

}  // namespace mai::actors
