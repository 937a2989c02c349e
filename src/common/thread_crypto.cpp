#include "common/thread_crypto.hpp"

#include <openssl/crypto.h>

namespace mai {

void release_thread_crypto_state() { OPENSSL_thread_stop(); }

}  // namespace mai
