#!/usr/bin/env python3
"""Lab network setup: brings the test interface up with the lab's address
and a route to the device subnet, via netlink (pyroute2)."""
import logging
import os

from pyroute2 import IPRoute

log = logging.getLogger("netconf")

IFACE = os.environ.get("LAB_IFACE", "enp3s0")
ADDRESS = os.environ.get("LAB_ADDRESS", "10.42.0.2")
PREFIX = int(os.environ.get("LAB_PREFIX", "24"))
DEVICE_NET = "10.99.0.0/16"


def configure():
    with IPRoute() as ipr:
        index = ipr.link_lookup(ifname=IFACE)[0]
        ipr.link("set", index=index, state="down")
        ipr.addr("flush", index=index)
        ipr.addr("add", index=index, address=ADDRESS, prefixlen=PREFIX)
        ipr.link("set", index=index, state="up", mtu=9000)
        ipr.route("replace", dst=DEVICE_NET, gateway="10.42.0.1")
        log.info("%s configured as %s/%d", IFACE, ADDRESS, PREFIX)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    configure()
