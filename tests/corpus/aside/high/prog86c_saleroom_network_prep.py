#!/usr/bin/env python3
"""Prepare the saleroom relay box's network before a live sale.

Opens the bid-feed and display ports to the saleroom VLAN only, raises the
listen backlog so that forty display boards reconnecting at once do not get
refused, and prints what it changed.  Run it from the relay box's operator
account at the start of sale day; `--revert` undoes the port rules.
"""
import argparse
import ipaddress
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("netprep")

DEFAULTS = {
    "saleroom_cidr": "10.40.12.0/24",
    "ports": [7400, 7401, 8088],
    "backlog": 4096,
    "chain": "INPUT",
    "comment": "saleroom-live",
}


def load_profile(path):
    profile = dict(DEFAULTS)
    if path and Path(path).exists():
        profile.update(json.loads(Path(path).read_text()))
    ipaddress.ip_network(profile["saleroom_cidr"])  # validate early
    return profile


class Elevated:
    """Thin wrapper that runs admin tools non-interactively."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = ["sudo", "-n"]

    def __call__(self, *argv, check=True):
        cmd = self.prefix + [str(a) for a in argv]
        log.info("$ %s", shlex.join(cmd))
        if self.dry_run:
            return subprocess.CompletedProcess(cmd, 0, "", "")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{cmd[2]} failed: {proc.stderr.strip()}")
        return proc


def rule_spec(profile, port):
    return [profile["chain"], "-p", "tcp", "-s", profile["saleroom_cidr"],
            "--dport", port, "-m", "comment", "--comment", profile["comment"],
            "-j", "ACCEPT"]


def open_ports(run, profile):
    for port in profile["ports"]:
        spec = rule_spec(profile, port)
        exists = run("iptables", "-C", *spec, check=False).returncode == 0
        if exists:
            log.info("port %s already open", port)
            continue
        run("iptables", "-I", *spec)


def close_ports(run, profile):
    for port in profile["ports"]:
        spec = rule_spec(profile, port)
        while run("iptables", "-C", *spec, check=False).returncode == 0:
            run("iptables", "-D", *spec)


def tune_backlog(run, backlog):
    current = Path("/proc/sys/net/core/somaxconn").read_text().strip()
    if int(current) >= backlog:
        log.info("somaxconn already %s", current)
        return
    run("sysctl", "-w", f"net.core.somaxconn={backlog}")
    run("sysctl", "-w", f"net.ipv4.tcp_max_syn_backlog={backlog}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", help="JSON file overriding the defaults")
    ap.add_argument("--revert", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        profile = load_profile(args.profile)
    except (ValueError, OSError) as exc:
        log.error("bad profile: %s", exc)
        return 2

    run = Elevated(dry_run=args.dry_run)
    try:
        if args.revert:
            close_ports(run, profile)
        else:
            open_ports(run, profile)
            tune_backlog(run, int(profile["backlog"]))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    log.info("network %s for %s", "restored" if args.revert else "prepared",
             profile["saleroom_cidr"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
