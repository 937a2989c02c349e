#!/usr/bin/env python3
"""Set up (or tear down) a small routed lab network for integration tests.

Creates a veth pair with pyroute2, assigns addresses, enables IPv4
forwarding by writing /proc/sys directly, raises the MTU through
/sys/class/net, and adds a MASQUERADE rule with python-iptables so test
containers on the lab subnet can reach the outside. Needs root.
"""

import argparse
import ipaddress
import os
import sys

import iptc
from pyroute2 import IPRoute

HOST_IF = "lab0"
PEER_IF = "lab0p"
SUBNET = ipaddress.ip_network("10.77.0.0/24")
IP_FORWARD = "/proc/sys/net/ipv4/ip_forward"


def link_index(ipr, name):
    found = ipr.link_lookup(ifname=name)
    return found[0] if found else None


def set_forwarding(enabled):
    with open(IP_FORWARD, "w") as fh:
        fh.write("1\n" if enabled else "0\n")


def set_mtu_sysfs(ifname, mtu):
    with open(f"/sys/class/net/{ifname}/mtu", "w") as fh:
        fh.write(f"{mtu}\n")


def masquerade_rule(out_iface):
    rule = iptc.Rule()
    rule.src = str(SUBNET)
    rule.out_interface = out_iface
    rule.target = iptc.Target(rule, "MASQUERADE")
    return rule


def up(uplink, mtu):
    host_addr = str(next(SUBNET.hosts()))
    with IPRoute() as ipr:
        if link_index(ipr, HOST_IF) is None:
            ipr.link("add", ifname=HOST_IF, kind="veth", peer=PEER_IF)
            print(f"created veth {HOST_IF} <-> {PEER_IF}")
        idx = link_index(ipr, HOST_IF)
        peer = link_index(ipr, PEER_IF)
        existing = [a.get_attr("IFA_ADDRESS") for a in ipr.get_addr(index=idx)]
        if host_addr not in existing:
            ipr.addr("add", index=idx, address=host_addr, prefixlen=SUBNET.prefixlen)
        ipr.link("set", index=idx, state="up")
        ipr.link("set", index=peer, state="up")
    set_mtu_sysfs(HOST_IF, mtu)
    set_mtu_sysfs(PEER_IF, mtu)
    set_forwarding(True)
    chain = iptc.Chain(iptc.Table(iptc.Table.NAT), "POSTROUTING")
    chain.insert_rule(masquerade_rule(uplink))
    print(f"lab network {SUBNET} up via {uplink}; gateway {host_addr}")


def down(uplink):
    chain = iptc.Chain(iptc.Table(iptc.Table.NAT), "POSTROUTING")
    for rule in list(chain.rules):
        if rule.src.startswith(str(SUBNET.network_address)) and \
                rule.target.name == "MASQUERADE":
            chain.delete_rule(rule)
            print("removed MASQUERADE rule")
    with IPRoute() as ipr:
        idx = link_index(ipr, HOST_IF)
        if idx is not None:
            ipr.link("del", index=idx)
            print(f"deleted {HOST_IF}")
    print(f"lab network down (forwarding left as-is, uplink {uplink})")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["up", "down"])
    parser.add_argument("--uplink", default="eth0")
    parser.add_argument("--mtu", type=int, default=1450)
    args = parser.parse_args(argv)

    if os.geteuid() != 0:
        print("root is required to change links, sysctls and NAT rules", file=sys.stderr)
        return 1
    try:
        if args.action == "up":
            up(args.uplink, args.mtu)
        else:
            down(args.uplink)
    except (OSError, iptc.IPTCError) as exc:
        print(f"failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
