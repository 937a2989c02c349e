#!/usr/bin/env python3
"""Share the marina uplink with the guest Wi-Fi on a charter yacht.

The onboard Raspberry Pi has the marina Wi-Fi (or 4G dongle) on one side and
the guest access point on the other.  This switches on routing and NAT so the
guests get internet without each of them accepting the marina portal.
"""
import argparse
import logging
import os
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("uplink-router")

FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")
UPLINKS = {"marina": "wlan0", "lte": "wwan0", "shore": "eth0"}
GUEST_IF = os.environ.get("BWC_GUEST_IF", "wlan1")
GUEST_NET = os.environ.get("BWC_GUEST_NET", "192.168.50.0/24")


def _admin(args):
    cmd = list(args)
    if os.geteuid() != 0:
        cmd = ["sudo"] + cmd
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, capture_output=True, text=True)


def enable_forwarding():
    try:
        FORWARD_KNOB.write_text("1\n")
    except PermissionError:
        _admin(["sysctl", "-w", "net.ipv4.ip_forward=1"])
    log.info("IPv4 forwarding on")


def rule_exists(table, chain, spec):
    try:
        _admin(["iptables", "-t", table, "-C", chain] + spec)
        return True
    except subprocess.CalledProcessError:
        return False


def ensure_rule(table, chain, spec):
    if not rule_exists(table, chain, spec):
        _admin(["iptables", "-t", table, "-A", chain] + spec)
        log.info("added %s/%s %s", table, chain, " ".join(spec))


def nat_rules(uplink):
    return [
        ("nat", "POSTROUTING", ["-s", GUEST_NET, "-o", uplink, "-j", "MASQUERADE"]),
        ("filter", "FORWARD", ["-i", GUEST_IF, "-o", uplink, "-j", "ACCEPT"]),
        ("filter", "FORWARD", ["-i", uplink, "-o", GUEST_IF, "-m", "state",
                               "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
    ]


def pick_uplink(preferred):
    if preferred:
        return UPLINKS[preferred]
    for name, iface in UPLINKS.items():
        if Path(f"/sys/class/net/{iface}/operstate").exists():
            state = Path(f"/sys/class/net/{iface}/operstate").read_text().strip()
            if state == "up":
                log.info("using %s uplink (%s)", name, iface)
                return iface
    raise SystemExit("no uplink interface is up")


def main():
    ap = argparse.ArgumentParser(description="NAT guest Wi-Fi through the marina uplink")
    ap.add_argument("--uplink", choices=sorted(UPLINKS))
    ap.add_argument("--persist", action="store_true", help="save rules with netfilter-persistent")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if shutil.which("iptables") is None:
        raise SystemExit("iptables not installed")
    uplink = pick_uplink(args.uplink)
    enable_forwarding()
    for table, chain, spec in nat_rules(uplink):
        ensure_rule(table, chain, spec)
    if args.persist:
        _admin(["netfilter-persistent", "save"])
        log.info("rules saved")
    log.info("guest network %s now routed via %s", GUEST_NET, uplink)


if __name__ == "__main__":
    main()
