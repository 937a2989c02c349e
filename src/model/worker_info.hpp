// A worker machine as the coordinator knows it: what it offers.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/enums.hpp"

namespace mai {

struct WorkerInfo {
  std::string id;    // unique per worker process (its node identity)
  std::string name;  // for people: host name, --name
  uint32_t slots = 0;
  uint32_t cpus = 0;
  uint64_t memory_bytes = 0;
  std::vector<Backend> backends;
};

}  // namespace mai
