#!/usr/bin/env python3
"""Captive portal redirect manager for the guest Wi-Fi.

New devices on the guest network are redirected to the splash page until
they accept the house rules. Once accepted, their MAC address is let
through. This keeps the NAT rules for that in a dedicated chain.
"""

import argparse
import json
import logging
import os
import re
import shlex
import subprocess

log = logging.getLogger("portal-redirect")

CHAIN = "HOSTEL_PORTAL"
STATE_FILE = "accepted_macs.json"
MAC_RE = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$")

SETTINGS = {
    "iface": os.environ.get("GUEST_IFACE", "wlan1"),
    "portal_ip": os.environ.get("PORTAL_IP", "10.42.0.1"),
    "portal_port": "8080",
    # how this box gets root for firewall work
    "elevate": os.environ.get("PORTAL_ELEVATE", "sudo -n"),
}


class Netfilter:
    def __init__(self, settings, dry_run=False):
        self.s = settings
        self.dry_run = dry_run
        self.tool = "ip" + "tables"

    def _cmd(self, *parts):
        argv = shlex.split(self.s["elevate"]) + [self.tool, "-t", "nat", *parts]
        log.debug("exec %s", " ".join(argv))
        if self.dry_run:
            return 0
        return subprocess.run(argv, check=False,
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode

    def ensure_chain(self):
        if self._cmd("-L", CHAIN, "-n") != 0:
            self._cmd("-N", CHAIN)
            self._cmd("-A", "PREROUTING", "-i", self.s["iface"], "-j", CHAIN)
            self._cmd("-A", CHAIN, "-p", "tcp", "--dport", "80", "-j", "DNAT",
                      "--to-destination", f"{self.s['portal_ip']}:{self.s['portal_port']}")
            log.info("created chain %s", CHAIN)

    def allow(self, mac):
        return self._cmd("-I", CHAIN, "1", "-m", "mac", "--mac-source", mac,
                         "-j", "RETURN") == 0

    def revoke(self, mac):
        return self._cmd("-D", CHAIN, "-m", "mac", "--mac-source", mac,
                         "-j", "RETURN") == 0


def enable_forwarding(settings, dry_run=False):
    """Guests need routing through this box once they are accepted."""
    argv = shlex.split(settings["elevate"]) + ["sys" + "ctl", "-w",
                                               "net.ipv4.ip_forward=1"]
    if not dry_run:
        subprocess.run(argv, check=False, stdout=subprocess.DEVNULL)


def load_state():
    try:
        with open(STATE_FILE) as fh:
            return set(json.load(fh))
    except (OSError, ValueError):
        return set()


def save_state(macs):
    with open(STATE_FILE, "w") as fh:
        json.dump(sorted(macs), fh, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("init")
    for name in ("allow", "revoke"):
        p = sub.add_parser(name)
        p.add_argument("mac")
    sub.add_parser("list")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    nf = Netfilter(SETTINGS, dry_run=args.dry_run)
    macs = load_state()

    if args.cmd == "init":
        enable_forwarding(SETTINGS, args.dry_run)
        nf.ensure_chain()
        for mac in macs:
            nf.allow(mac)
    elif args.cmd in ("allow", "revoke"):
        mac = args.mac.lower()
        if not MAC_RE.match(mac):
            ap.error(f"not a MAC address: {args.mac}")
        if args.cmd == "allow" and nf.allow(mac):
            macs.add(mac)
        elif args.cmd == "revoke" and nf.revoke(mac):
            macs.discard(mac)
        save_state(macs)
    else:
        for mac in sorted(macs):
            print(mac)


if __name__ == "__main__":
    main()
