#include "protocol/networking_api.hpp"

extern "C" __attribute__((visibility("default"))) const mai::protocol::NetworkingApi* mai_networking_api() {
  using namespace mai::protocol::networking_impl;
  static const mai::protocol::NetworkingApi api{mai::protocol::kNetworkingApiVersion,
                                                  sizeof(mai::protocol::NetworkingApi), configure,
                                                  publish_gated, connect_published};
  return &api;
}
