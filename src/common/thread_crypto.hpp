// OpenSSL keeps state per thread (its error queue, 904 bytes, among others)
// and frees it when the thread exits. CAF 0.17 runs a detached actor on a
// thread that is not joined: the actor system counts it done before the
// thread has run its exit handlers, so a process can end, and the leak
// checker look, while that state still exists. An actor that uses OpenSSL
// on a thread of its own releases it when it terminates.
#pragma once

namespace mai {

// Frees the calling thread's OpenSSL state (OPENSSL_thread_stop). Using
// OpenSSL on this thread afterwards would allocate it again.
void release_thread_crypto_state();

}  // namespace mai
