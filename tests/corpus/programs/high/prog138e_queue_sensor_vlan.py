#!/usr/bin/env python3
"""Route the airport queue sensor VLAN through the rank gateway.

The queue sensors sit on their own VLAN and can't reach the dispatch
server directly. This turns the rank gateway into a router for that VLAN:
enables forwarding, adds forwarding and NAT rules for the sensor subnet,
and persists the forwarding setting across reboots.
"""

import argparse
import ipaddress
import logging
import os
import subprocess
import sys

log = logging.getLogger("sensor-vlan")

DEFAULT_SUBNET = "198.51.100.0/26"
DISPATCH_HOST = "203.0.113.20"
SYSCTL_FILE = os.path.join("/etc", "sysctl.d", "60-queue-sensors.conf")


def elevate(argv):
    """Prefix the command with the elevation helper when not root."""
    if os.geteuid() == 0:
        return argv
    helper = os.environ.get("ELEVATE", "sudo")
    return [helper, "-n"] + argv if helper == "sudo" else [helper] + argv


def run(argv, check=True):
    full = elevate(argv)
    log.debug("exec: %s", " ".join(full))
    res = subprocess.run(full, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {res.stderr.strip()}")
    return res


class SensorRouter:
    def __init__(self, subnet, uplink, sensor_if):
        self.subnet = str(ipaddress.ip_network(subnet))
        self.uplink = uplink
        self.sensor_if = sensor_if

    def rules(self):
        tbl = "ip" + "tables"
        return [
            [tbl, "-A", "FORWARD", "-i", self.sensor_if, "-o", self.uplink,
             "-s", self.subnet, "-d", DISPATCH_HOST, "-p", "tcp", "--dport", "443",
             "-j", "ACCEPT"],
            [tbl, "-A", "FORWARD", "-i", self.uplink, "-o", self.sensor_if,
             "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"],
            [tbl, "-t", "nat", "-A", "POSTROUTING", "-s", self.subnet,
             "-o", self.uplink, "-j", "MASQUERADE"],
        ]

    def enable_forwarding(self):
        run(["sys" + "ctl", "-w", "net.ipv4.ip_forward=1"])
        content = "# queue sensor VLAN routing\nnet.ipv4.ip_forward = 1\n"
        run(["sh", "-c", f"printf '%s' '{content}' > {SYSCTL_FILE}"])
        log.info("forwarding enabled and persisted in %s", SYSCTL_FILE)

    def install_rules(self):
        for rule in self.rules():
            probe = [rule[0]] + [("-C" if a == "-A" else a) for a in rule[1:]]
            if run(probe, check=False).returncode == 0:
                log.info("rule already present: %s", " ".join(rule[1:6]))
                continue
            run(rule)
            log.info("added rule: %s", " ".join(rule[1:6]))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--subnet", default=DEFAULT_SUBNET)
    ap.add_argument("--uplink", default="eth0")
    ap.add_argument("--sensor-if", default="eth0.40")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        router = SensorRouter(args.subnet, args.uplink, args.sensor_if)
        router.enable_forwarding()
        router.install_rules()
    except (ValueError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    log.info("sensor VLAN %s routed via %s", args.subnet, args.uplink)
    return 0


if __name__ == "__main__":
    sys.exit(main())
