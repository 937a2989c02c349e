#!/usr/bin/env python3
"""Van hotspot bridge.

Each crew van has a small Linux box with an LTE modem (wwan0) and a
Wi-Fi access point (wlan0) so tablets and the drone controller can get
online on site. This script turns on routing between them and adds the
NAT rule, and can show or remove the setup again.
"""
import argparse
import logging
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bridge")

DEFAULTS = {
    "uplink": "wwan0",
    "lan": "wlan0",
    "lan_cidr": "192.168.50.0/24",
}

KNOBS = {
    "forward": ("net", "ipv4", "ip_forward"),
    "rp_filter": ("net", "ipv4", "conf", "all", "rp_filter"),
}


def knob_path(name):
    return Path("/proc/sys").joinpath(*KNOBS[name])


def set_knob(name, value, dry_run=False):
    path = knob_path(name)
    LOG.info("%s -> %s", path, value)
    if dry_run:
        return
    try:
        path.write_text(f"{value}\n")
    except PermissionError:
        # not root: go through the usual route instead
        key = ".".join(KNOBS[name])
        run(["sudo", "sysctl", "-w", f"{key}={value}"], dry_run)


def run(argv, dry_run=False, check=True):
    LOG.debug("run: %s", shlex.join(argv))
    if dry_run:
        print(shlex.join(argv))
        return subprocess.CompletedProcess(argv, 0, "", "")
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def table_cmd(action, chain, *rule, table="nat"):
    return ["sudo", "ipt" + "ables", "-t", table, action, chain, *rule]


class Bridge:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run

    def nat_rule(self):
        return ["-s", self.cfg["lan_cidr"], "-o", self.cfg["uplink"], "-j", "MASQUERADE"]

    def forward_rules(self):
        lan, up = self.cfg["lan"], self.cfg["uplink"]
        return [
            ["-i", lan, "-o", up, "-j", "ACCEPT"],
            ["-i", up, "-o", lan, "-m", "conntrack", "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"],
        ]

    def present(self):
        probe = run(table_cmd("-C", "POSTROUTING", *self.nat_rule()), self.dry_run, check=False)
        return probe.returncode == 0

    def up(self):
        set_knob("forward", 1, self.dry_run)
        set_knob("rp_filter", 2, self.dry_run)
        if self.present() and not self.dry_run:
            LOG.info("NAT already in place")
            return
        run(table_cmd("-A", "POSTROUTING", *self.nat_rule()), self.dry_run)
        for rule in self.forward_rules():
            run(table_cmd("-A", "FORWARD", *rule, table="filter"), self.dry_run)
        LOG.info("bridge up: %s -> %s", self.cfg["lan"], self.cfg["uplink"])

    def down(self):
        run(table_cmd("-D", "POSTROUTING", *self.nat_rule()), self.dry_run, check=False)
        for rule in self.forward_rules():
            run(table_cmd("-D", "FORWARD", *rule, table="filter"), self.dry_run, check=False)
        set_knob("forward", 0, self.dry_run)
        LOG.info("bridge down")

    def status(self):
        fwd = knob_path("forward").read_text().strip()
        print(f"ip_forward={fwd}  nat={'yes' if self.present() else 'no'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["up", "down", "status"])
    ap.add_argument("--uplink", default=DEFAULTS["uplink"])
    ap.add_argument("--lan", default=DEFAULTS["lan"])
    ap.add_argument("--lan-cidr", default=DEFAULTS["lan_cidr"])
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = {"uplink": args.uplink, "lan": args.lan, "lan_cidr": args.lan_cidr}
    bridge = Bridge(cfg, dry_run=args.dry_run)
    try:
        getattr(bridge, args.action)()
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed: %s\n%s", shlex.join(exc.cmd), exc.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
