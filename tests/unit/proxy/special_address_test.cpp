// Every special-purpose range is refused; public addresses are not.
#include <gtest/gtest.h>

#include "proxy/resolver.hpp"
#include "proxy/special_address.hpp"

namespace mai::proxy {

TEST(ProxySpecialAddress, RefusedRanges) {
  for (const char* ip :
       {"127.0.0.1", "127.255.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1",
        "169.254.169.254", "100.64.0.1", "100.127.255.255", "0.0.0.0", "224.0.0.1",
        "239.255.255.250", "255.255.255.255", "240.0.0.1", "192.0.2.1", "198.18.0.1", "::1", "::",
        "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
        "64:ff9b::a00:1", "2001:db8::1", "2002:7f00:1::1", "::7f00:1", "fec0::1"}) {
    auto a = numeric_address(ip, 80);
    ASSERT_TRUE(a) << ip;
    EXPECT_TRUE(special_address(*a)) << ip;
  }
}

TEST(ProxySpecialAddress, PublicAddressesPass) {
  for (const char* ip : {"151.101.0.223", "8.8.8.8", "172.32.0.1", "100.128.0.1", "11.0.0.1",
                         "2a04:4e42::223", "::ffff:151.101.0.223", "2606:4700::1"}) {
    auto a = numeric_address(ip, 443);
    ASSERT_TRUE(a) << ip;
    EXPECT_FALSE(special_address(*a)) << ip << ": " << special_address(*a).value_or("");
  }
}

}  // namespace mai::proxy
