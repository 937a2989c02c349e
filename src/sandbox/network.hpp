// The sandbox's network namespace: loopback up and nothing else. For
// NetworkMode::deps a listening socket on 127.0.0.1 is created here and handed
// to the host (which accepts on it and relays through the filtering proxy).
#pragma once
#include <cstdint>
#include <string>

namespace mai::sandbox {

void bring_up_loopback();  // throws std::runtime_error
void set_hostname(const std::string& name);
// Creates a TCP listener on 127.0.0.1:port in the current network namespace
// and sends it over the unix socket `channel` with SCM_RIGHTS.
void send_proxy_listener(int channel, uint16_t port);
// Host side: receives that descriptor (O_CLOEXEC). Returns -1 on failure.
int receive_fd(int channel);

}  // namespace mai::sandbox
