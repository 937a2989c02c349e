#!/usr/bin/env python3
"""Captive portal rules for the roller disco guest Wi-Fi.

Guests who have not accepted the terms get their web traffic redirected
to the portal page on the gateway; devices that accepted are let through.
This tool adds and removes the per-device rules on the gateway.
"""
import argparse
import logging
import os
import re
import subprocess
from dataclasses import dataclass, field

log = logging.getLogger("guest-portal")

GUEST_IF = os.environ.get("GUEST_IF", "wlan1")
PORTAL_ADDR = os.environ.get("PORTAL_ADDR", "192.0.2.1")
PORTAL_PORT = int(os.environ.get("PORTAL_PORT", "8080"))
CHAIN = "RINK_GUEST"
MAC_RE = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$", re.I)


@dataclass
class Firewall:
    dry_run: bool = False
    prefix: list = field(default_factory=lambda: ["sudo", "-n"])
    tool: str = "".join(("ip", "tables"))

    def _run(self, table, *rule, check=True):
        cmd = [*self.prefix, self.tool, "-t", table, *rule]
        log.debug("%s", " ".join(cmd))
        if self.dry_run:
            return 0
        res = subprocess.run(cmd, capture_output=True, text=True)
        if check and res.returncode != 0:
            log.error("rule failed: %s", res.stderr.strip())
        return res.returncode

    def has(self, table, *rule):
        return self._run(table, "-C", *rule, check=False) == 0

    def ensure(self, table, *rule):
        if not self.has(table, *rule):
            self._run(table, "-I", *rule)

    def drop(self, table, *rule):
        while self.has(table, *rule):
            self._run(table, "-D", *rule)


def setup(fw):
    fw._run("nat", "-N", CHAIN, check=False)
    fw.ensure("nat", "PREROUTING", "-i", GUEST_IF, "-p", "tcp", "--dport", "80", "-j", CHAIN)
    fw.ensure(
        "nat", CHAIN, "-p", "tcp", "--dport", "80",
        "-j", "DNAT", "--to-destination", f"{PORTAL_ADDR}:{PORTAL_PORT}",
    )
    log.info("portal redirect active on %s", GUEST_IF)


def _mac_rule(mac):
    return (CHAIN, "-m", "mac", "--mac-source", mac, "-j", "RETURN")


def allow(fw, mac):
    fw.ensure("nat", *_mac_rule(mac))
    log.info("guest %s let through", mac)


def revoke(fw, mac):
    fw.drop("nat", *_mac_rule(mac))
    log.info("guest %s back to portal", mac)


def end_of_day(fw):
    fw._run("nat", "-F", CHAIN)
    fw.ensure(
        "nat", CHAIN, "-p", "tcp", "--dport", "80",
        "-j", "DNAT", "--to-destination", f"{PORTAL_ADDR}:{PORTAL_PORT}",
    )
    log.info("all guest passes cleared")


def main():
    parser = argparse.ArgumentParser(description="Guest Wi-Fi captive portal rules")
    parser.add_argument("action", choices=("setup", "allow", "revoke", "reset"))
    parser.add_argument("mac", nargs="?")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")

    fw = Firewall(dry_run=args.dry_run)
    per_device = {"allow": allow, "revoke": revoke}
    if args.action in per_device:
        if not args.mac or not MAC_RE.match(args.mac):
            parser.error("a valid MAC address is required")
        per_device[args.action](fw, args.mac.lower())
    elif args.action == "setup":
        setup(fw)
    else:
        end_of_day(fw)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
