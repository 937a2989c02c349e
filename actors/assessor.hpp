// assessor: wraps the engine's Assessor (src/assess) in an actor.
#pragma once
#include <memory>

#include "actors/protocol.hpp"
#include "assess/assessor.hpp"

namespace mai::actors {

assessor_actor::behavior_type assessor(assessor_actor::pointer self,
                                       std::shared_ptr<const assess::Assessor> engine);

}  // namespace mai::actors
