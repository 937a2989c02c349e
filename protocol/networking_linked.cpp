// The network layer linked in (networking_api.hpp).
#include "protocol/networking_api.hpp"

namespace mai::protocol {

const NetworkingApi& networking_api() { return *mai_networking_api(); }

}  // namespace mai::protocol
