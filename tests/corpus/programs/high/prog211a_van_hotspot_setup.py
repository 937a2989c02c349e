#!/usr/bin/env python3
"""Share the van laptop's LTE uplink with the grooming tablet and the
card terminal over the laptop's second network interface.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("hotspot")

RULES_TEMPLATE = """#!/bin/bash
set -e
sudo sysctl -w net.ipv4.ip_forward=1
sudo iptables -t nat -C POSTROUTING -o "$WAN" -s "$LAN_NET" -j MASQUERADE 2>/dev/null \\
  || sudo iptables -t nat -A POSTROUTING -o "$WAN" -s "$LAN_NET" -j MASQUERADE
sudo iptables -C FORWARD -i "$LAN" -o "$WAN" -j ACCEPT 2>/dev/null \\
  || sudo iptables -A FORWARD -i "$LAN" -o "$WAN" -j ACCEPT
sudo iptables -C FORWARD -i "$WAN" -o "$LAN" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null \\
  || sudo iptables -A FORWARD -i "$WAN" -o "$LAN" -m state --state RELATED,ESTABLISHED -j ACCEPT
sudo ip addr replace "$LAN_ADDR" dev "$LAN"
sudo ip link set "$LAN" up
"""

TEARDOWN_TEMPLATE = """#!/bin/bash
sudo iptables -t nat -D POSTROUTING -o "$WAN" -s "$LAN_NET" -j MASQUERADE 2>/dev/null
sudo iptables -D FORWARD -i "$LAN" -o "$WAN" -j ACCEPT 2>/dev/null
sudo iptables -D FORWARD -i "$WAN" -o "$LAN" -m state --state RELATED,ESTABLISHED -j ACCEPT 2>/dev/null
sudo sysctl -w net.ipv4.ip_forward=0
"""


def interfaces():
    return sorted(os.listdir("/sys/class/net"))


def run_script(body, env_extra):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(body)
        path = fh.name
    try:
        env = dict(os.environ, **env_extra)
        proc = subprocess.run(["bash", path], env=env, capture_output=True,
                              text=True)
        for line in proc.stdout.splitlines():
            LOG.debug("out: %s", line)
        if proc.returncode != 0:
            LOG.error("script failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def main(argv=None):
    p = argparse.ArgumentParser(description="Van hotspot sharing")
    p.add_argument("--wan", default="wwan0", help="uplink interface")
    p.add_argument("--lan", default="eth1", help="interface facing tablet")
    p.add_argument("--subnet", default="192.168.77.0/24")
    p.add_argument("--down", action="store_true", help="remove sharing")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    present = interfaces()
    for name in (args.wan, args.lan):
        if name not in present:
            LOG.error("interface %s not found (have: %s)", name,
                      ", ".join(present))
            return 1

    try:
        net = ipaddress.ip_network(args.subnet)
    except ValueError as exc:
        LOG.error("bad subnet: %s", exc)
        return 1
    gateway = next(net.hosts())
    env = {"WAN": args.wan, "LAN": args.lan, "LAN_NET": str(net),
           "LAN_ADDR": "%s/%d" % (gateway, net.prefixlen)}

    if args.down:
        rc = run_script(TEARDOWN_TEMPLATE, env)
        LOG.info("sharing removed" if rc == 0 else "teardown had errors")
        return rc
    rc = run_script(RULES_TEMPLATE, env)
    if rc == 0:
        LOG.info("sharing %s via %s, tablet gateway %s", args.wan, args.lan,
                 gateway)
    return rc


if __name__ == "__main__":
    sys.exit(main())
