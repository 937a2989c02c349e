// Dropping privilege for good: every capability set emptied, and no way back
// through exec (no_new_privs). Used by mai-sandbox-init for itself and the payload.
#pragma once

namespace mai::sandbox {

// Empties the bounding set (needs CAP_SETPCAP, so call while still privileged)
// and the ambient set. Throws std::runtime_error.
void drop_bounding_and_ambient();
// Empties effective, permitted and inheritable.
void clear_capability_sets();
void set_no_new_privs();
// True if every capability set of the calling thread is empty.
bool all_capabilities_dropped();

}  // namespace mai::sandbox
