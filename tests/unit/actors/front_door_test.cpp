// Who may act as a worker: only a certificate issued for one.
#include <gtest/gtest.h>

#include "actors/front_door.hpp"

namespace mai::actors {

TEST(FrontDoor, OnlyWorkerCertificatesMayJoin) {
  transport::PeerIdentity id;
  id.tls = true;
  id.subject = "CN=w1,OU=workers";
  EXPECT_TRUE(may_act_as_worker(id));
  id.subject = "OU=workers,CN=w1,O=Example";
  EXPECT_TRUE(may_act_as_worker(id));
  for (const char* s : {"CN=mai", "CN=OU=workers", "CN=x,OU=workers-not", "CN=x,OU=Workers",
                        "CN=x\\,OU=workers", ""}) {
    id.subject = s;
    EXPECT_FALSE(may_act_as_worker(id)) << s;
  }
  transport::PeerIdentity plain;  // plain TCP exists only on loopback
  EXPECT_TRUE(may_act_as_worker(plain));
}

}  // namespace mai::actors
