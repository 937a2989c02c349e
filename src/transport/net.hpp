// Socket helpers shared by the tunnel server and client (internal).
#pragma once
#include <netinet/in.h>

#include <chrono>
#include <cstdint>
#include <string>

namespace mai::transport::net {

using Clock = std::chrono::steady_clock;

void set_nonblocking(int fd, bool on);
void set_nodelay(int fd);
// Fixed send and receive buffers (the kernel doubles the figure), instead of
// the autotuned ones that grow to tcp_rmem's maximum. Set before listen or
// connect: the window scale is agreed in the handshake.
void set_buffers(int fd, int bytes);
// What a tunnel's loopback legs (to the local client, to the backend) use.
inline constexpr int kLoopbackBuffer = 512 * 1024;
// SO_KEEPALIVE with a few seconds of idle/interval/count, so a vanished peer
// of an established (idle) tunnel is noticed in ~15 s, plus TCP_USER_TIMEOUT
// `peer_timeout`: data unacknowledged, or a peer advertising a zero window
// (it stopped reading; Linux >= 5.5), for that long drops the connection.
void set_keepalive(int fd, std::chrono::milliseconds peer_timeout);
// "ip:port" of an AF_INET/AF_INET6 address.
std::string format_address(const sockaddr_storage& addr);
std::string peer_address(int fd);
uint16_t local_port(int fd);
uint16_t peer_port(int fd);
// A non-blocking AF_INET socket bound to 127.0.0.1:0 (not yet connected),
// with kLoopbackBuffer buffers.
int bound_loopback_socket();
// Starts a non-blocking connect to 127.0.0.1:port. Returns 0, EINPROGRESS or an errno.
int start_connect_loopback(int fd, uint16_t port);
// Waits for `events` on fd until the deadline. Returns false on timeout.
bool wait_fd(int fd, short events, Clock::time_point deadline);
// "5s", "1.5s", "500ms".
std::string format_duration(std::chrono::milliseconds d);
// 32 random bytes (OpenSSL RAND_bytes) as 64 lowercase hex digits.
std::string random_token();

}  // namespace mai::transport::net
