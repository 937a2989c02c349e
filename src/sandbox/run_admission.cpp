#include "sandbox/run_admission.hpp"

#include "common/units.hpp"

namespace mai::sandbox {

namespace {

bool fits_now(const RunLoad& load, uint64_t run_memory, uint64_t free_memory) {
  if (load.running >= load.slots) return false;
  return load.running == 0 || free_memory == 0 || run_memory <= free_memory;
}

}  // namespace

Admission admit_run(const RunLoad& load, uint64_t run_memory, uint64_t free_memory) {
  // Those already waiting go first: a small run does not overtake them.
  if (load.waiting == 0 && fits_now(load, run_memory, free_memory)) return Admission::start;
  return load.waiting < load.queue_length ? Admission::wait : Admission::refuse;
}

std::string refusal_reason(const RunLoad& load, uint64_t free_memory) {
  std::string busy = load.running >= load.slots
                         ? "all " + std::to_string(load.slots) + " sandbox slots are busy"
                         : std::to_string(load.running) + " runs hold the host's memory (" +
                               format_size(free_memory) + " free)";
  return busy + " and " + std::to_string(load.waiting) + " submissions are already waiting; try again later";
}

}  // namespace mai::sandbox
