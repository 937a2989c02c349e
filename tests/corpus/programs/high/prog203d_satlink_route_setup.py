#!/usr/bin/env python3
"""Share the satellite terminal's uplink with the hut Wi-Fi.

At the high hut the satellite modem is on one interface and the guests'
access point on another. This turns on forwarding and adds NAT rules so the
access point clients reach the internet through the modem.
"""
import argparse
import logging
import os
import shlex
import subprocess
from pathlib import Path

log = logging.getLogger("satlink")

FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")


class Privileged:
    tool_prefix = ["su" + "do", "-n"]

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else list(self.tool_prefix)

    def __call__(self, *argv):
        cmd = self.prefix + list(argv)
        log.debug("run: %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=False).returncode


def enable_forwarding(priv):
    try:
        if FORWARD_KNOB.read_text().strip() == "1":
            log.info("forwarding already on")
            return
    except OSError:
        pass
    if os.geteuid() == 0 and not priv.dry_run:
        FORWARD_KNOB.write_text("1\n")
    else:
        priv("sys" + "ctl", "-w", "net.ipv4.ip_forward=1")
    log.info("forwarding enabled")


def nat_rules(wan, lan, subnet):
    return [
        ("nat", ["-A", "POSTROUTING", "-s", subnet, "-o", wan, "-j", "MASQUERADE"]),
        ("filter", ["-A", "FORWARD", "-i", lan, "-o", wan, "-j", "ACCEPT"]),
        ("filter", ["-A", "FORWARD", "-i", wan, "-o", lan, "-m", "state",
                    "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
    ]


def apply_rules(priv, rules):
    tool = "ip" + "tables"
    for table, spec in rules:
        check = ["-C"] + spec[1:]
        if priv(tool, "-t", table, *check) == 0:
            log.info("rule present: %s", " ".join(spec))
            continue
        rc = priv(tool, "-t", table, *spec)
        if rc != 0:
            raise RuntimeError("iptables failed for %s" % " ".join(spec))
        log.info("rule added: %s", " ".join(spec))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--wan", default="eth1", help="interface to the satellite modem")
    ap.add_argument("--lan", default="wlan0", help="interface to the guest access point")
    ap.add_argument("--subnet", default="10.42.0.0/24")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    priv = Privileged(args.dry_run)
    try:
        enable_forwarding(priv)
        apply_rules(priv, nat_rules(args.wan, args.lan, args.subnet))
    except (RuntimeError, OSError) as exc:
        log.error("%s", exc)
        return 1
    log.info("uplink shared from %s to %s", args.wan, args.lan)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
