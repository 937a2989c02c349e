#!/usr/bin/env python3
"""Prepare the karaoke back-office box as gateway for the room tablets.

The room tablets live on their own VLAN (no direct internet) and stream
backing tracks from the licensed distributor CDN through this box.  This
turns on forwarding, NATs the tablet subnet out of the uplink, and forwards
the song-request port on the uplink to the host desk PC.  Settings are read
from gateway.ini so each venue can keep its own subnets.
"""

import argparse
import configparser
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("tablet-gw")

DEFAULTS = {
    "tablet_if": "eth1",
    "uplink_if": "eth0",
    "tablet_net": "10.40.0.0/24",
    "desk_pc": "10.40.0.10",
    "request_port": "7070",
}

SYSCTL_KEYS = {
    "net/ipv4/ip_forward": "1",
    "net/ipv4/conf/all/rp_filter": "1",
}


def load_settings(path):
    cp = configparser.ConfigParser()
    cp["gateway"] = DEFAULTS
    if Path(path).exists():
        cp.read(path)
    s = dict(cp["gateway"])
    ipaddress.ip_network(s["tablet_net"])
    ipaddress.ip_address(s["desk_pc"])
    int(s["request_port"])
    return s


def set_kernel_params(dry_run):
    for key, value in SYSCTL_KEYS.items():
        node = Path("/proc/sys") / key
        current = node.read_text().strip()
        if current == value:
            log.debug("%s already %s", key, value)
            continue
        log.info("%s: %s -> %s", key.replace("/", "."), current, value)
        if not dry_run:
            node.write_text(value + "\n")


class Rules:
    def __init__(self, binary, dry_run):
        self.bin = binary
        self.dry_run = dry_run

    def _run(self, args, check=True):
        cmd = [self.bin, "-w"] + args
        if self.dry_run:
            log.info("would run: %s", " ".join(cmd))
            return 0
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def ensure(self, table, chain, spec):
        if self._run(["-t", table, "-C", chain] + spec, check=False) == 0 and not self.dry_run:
            log.debug("rule present: %s %s %s", table, chain, " ".join(spec))
            return
        self._run(["-t", table, "-A", chain] + spec)
        log.info("added %s/%s: %s", table, chain, " ".join(spec))


def apply_rules(s, dry_run):
    binary = shutil.which("iptables") or "/usr/sbin/iptables"
    r = Rules(binary, dry_run)
    net, tab, up = s["tablet_net"], s["tablet_if"], s["uplink_if"]
    r.ensure("nat", "POSTROUTING", ["-s", net, "-o", up, "-j", "MASQUERADE"])
    r.ensure("filter", "FORWARD", ["-i", tab, "-o", up, "-s", net, "-j", "ACCEPT"])
    r.ensure("filter", "FORWARD", ["-i", up, "-o", tab, "-m", "conntrack",
                                   "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT"])
    r.ensure("nat", "PREROUTING", ["-i", up, "-p", "tcp", "--dport", s["request_port"],
                                   "-j", "DNAT", "--to-destination",
                                   f"{s['desk_pc']}:{s['request_port']}"])
    r.ensure("filter", "FORWARD", ["-i", up, "-o", tab, "-p", "tcp", "-d", s["desk_pc"],
                                   "--dport", s["request_port"], "-j", "ACCEPT"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gateway.ini")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        settings = load_settings(args.config)
    except ValueError as exc:
        log.error("bad gateway.ini: %s", exc)
        return 2
    if os.geteuid() != 0 and not args.dry_run:
        log.warning("not running as root; kernel and rule changes will probably fail")

    try:
        set_kernel_params(args.dry_run)
        apply_rules(settings, args.dry_run)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("gateway setup failed: %s", exc)
        return 1
    log.info("tablet gateway ready: %s via %s", settings["tablet_net"], settings["uplink_if"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
