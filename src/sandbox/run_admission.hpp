// Whether a node starts a run now, lets it wait, or refuses it. Slots bound
// the runs at once (one per core by default); free memory bounds them too,
// so that the count follows the host: a run whose memory limit is more than
// the host has free waits for another run to end. A run always starts when
// nothing else runs (its limits were already clamped to the host, so it fits
// as well as it can), so nothing waits forever.
#pragma once
#include <cstdint>
#include <string>

namespace mai::sandbox {

struct RunLoad {
  uint32_t running = 0;
  uint32_t slots = 1;
  uint32_t waiting = 0;       // runs already in line before this one
  uint32_t queue_length = 0;  // how many may wait
};

enum class Admission { start, wait, refuse };

// free_memory: what the host can give now (0: unknown, not a bound).
Admission admit_run(const RunLoad& load, uint64_t run_memory, uint64_t free_memory);

// Why a run that could not start was refused, for the client.
std::string refusal_reason(const RunLoad& load, uint64_t free_memory);

}  // namespace mai::sandbox
