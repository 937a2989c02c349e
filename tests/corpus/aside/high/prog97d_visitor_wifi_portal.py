#!/usr/bin/env python3
"""Visiting-pilot Wi-Fi portal rules for the clubhouse router box.

Visiting pilots join the "Visitors" Wi-Fi and are redirected to the landing
fee / booking-out page until they have paid.  Once the ops desk confirms the
landing fee, their device's MAC is let through to the internet for the rest
of the day.  This script manages the packet-filter side of that on the
Linux box that bridges the visitor access point.
"""

import argparse
import datetime as dt
import json
import logging
import re
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("visitor-portal")

STATE = Path("visitor_allow.json")
CHAIN = "VISITOR_PORTAL"
MAC_RE = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$", re.I)


class Netfilter:
    def __init__(self, lan_if, wan_if, portal_ip, portal_port, use_sudo=True):
        self.lan_if = lan_if
        self.wan_if = wan_if
        self.portal = f"{portal_ip}:{portal_port}"
        self.prefix = ["sudo", "-n"] if use_sudo else []

    def _run(self, *args, check=True):
        cmd = self.prefix + list(args)
        log.debug("+ %s", " ".join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if check and res.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}: {res.stderr.strip()}")
        return res

    def ipt(self, *args, check=True):
        return self._run("iptables", "-w", *args, check=check)

    def setup(self):
        self._run("sysctl", "-w", "net.ipv4.ip_forward=1")
        for table in ("nat", "filter"):
            if self.ipt("-t", table, "-n", "-L", CHAIN, check=False).returncode != 0:
                self.ipt("-t", table, "-N", CHAIN)
            self.ipt("-t", table, "-F", CHAIN)
        if self.ipt("-t", "nat", "-C", "PREROUTING", "-i", self.lan_if, "-j", CHAIN, check=False).returncode:
            self.ipt("-t", "nat", "-I", "PREROUTING", "-i", self.lan_if, "-j", CHAIN)
        if self.ipt("-C", "FORWARD", "-i", self.lan_if, "-j", CHAIN, check=False).returncode:
            self.ipt("-I", "FORWARD", "-i", self.lan_if, "-j", CHAIN)
        self.ipt("-t", "nat", "-A", CHAIN, "-p", "tcp", "--dport", "80",
                 "-j", "DNAT", "--to-destination", self.portal)
        self.ipt("-A", CHAIN, "-p", "udp", "--dport", "53", "-j", "ACCEPT")
        self.ipt("-A", CHAIN, "-j", "REJECT")
        if self.ipt("-t", "nat", "-C", "POSTROUTING", "-o", self.wan_if, "-j", "MASQUERADE",
                    check=False).returncode:
            self.ipt("-t", "nat", "-A", "POSTROUTING", "-o", self.wan_if, "-j", "MASQUERADE")

    def allow(self, mac):
        self.ipt("-t", "nat", "-I", CHAIN, "-m", "mac", "--mac-source", mac, "-j", "RETURN")
        self.ipt("-I", CHAIN, "-m", "mac", "--mac-source", mac, "-j", "ACCEPT")

    def revoke(self, mac):
        self.ipt("-t", "nat", "-D", CHAIN, "-m", "mac", "--mac-source", mac, "-j", "RETURN", check=False)
        self.ipt("-D", CHAIN, "-m", "mac", "--mac-source", mac, "-j", "ACCEPT", check=False)


def load_state():
    try:
        return json.loads(STATE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE.write_text(json.dumps(state, indent=2))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lan", default="wlan1")
    ap.add_argument("--wan", default="eth0")
    ap.add_argument("--portal-ip", default="10.44.0.1")
    ap.add_argument("--portal-port", default="8081")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("setup")
    a = sub.add_parser("allow")
    a.add_argument("mac")
    a.add_argument("--reg", default="", help="visiting aircraft registration")
    sub.add_parser("expire", help="revoke everything allowed before today")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    nf = Netfilter(args.lan, args.wan, args.portal_ip, args.portal_port)
    state = load_state()
    today = dt.date.today().isoformat()
    try:
        if args.cmd == "setup":
            nf.setup()
            for mac, info in state.items():
                if info["day"] == today:
                    nf.allow(mac)
            log.info("portal rules installed on %s", args.lan)
        elif args.cmd == "allow":
            mac = args.mac.lower()
            if not MAC_RE.match(mac):
                log.error("not a MAC address: %s", args.mac)
                return 2
            nf.allow(mac)
            state[mac] = {"day": today, "reg": args.reg.upper()}
            log.info("allowed %s (%s) for today", mac, args.reg.upper() or "no reg")
        elif args.cmd == "expire":
            for mac in [m for m, i in state.items() if i["day"] != today]:
                nf.revoke(mac)
                del state[mac]
                log.info("revoked %s", mac)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
