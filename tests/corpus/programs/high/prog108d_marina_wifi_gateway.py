#!/usr/bin/env python3
"""Marina guest Wi-Fi gateway setup.

Turns the harbour office's spare box into the NAT gateway for the berth
holders' Wi-Fi: enables IPv4 forwarding, masquerades the guest VLAN out of
the office uplink, and keeps guests away from the office LAN and the tide
gauge network. Rules live in their own chains so re-running is idempotent.
"""
import argparse
import ipaddress
import json
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("marina-gw")

DEFAULTS = {
    "uplink": "eth0",
    "guest_if": "eth0.30",
    "guest_net": "10.30.0.0/22",
    "protected_nets": ["192.168.10.0/24", "192.168.40.0/24"],
    "chain": "MARINA_GUEST",
}


class Runner:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def __call__(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.debug("+ %s", shlex.join(cmd))
        if self.dry_run:
            return 0
        return subprocess.run(cmd, check=check, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE).returncode


def enable_forwarding(run, dry_run):
    knob = Path("/proc/sys/net/ipv4/ip_forward")
    if knob.read_text().strip() == "1":
        return
    if dry_run:
        log.info("would enable ip_forward")
        return
    try:
        knob.write_text("1\n")
    except PermissionError:
        run("sh", "-c", f"echo 1 > {knob}")
    log.info("IPv4 forwarding enabled")


def ensure_chain(run, table, chain, hook):
    if run("iptables", "-t", table, "-nL", chain, check=False) != 0:
        run("iptables", "-t", table, "-N", chain)
    run("iptables", "-t", table, "-F", chain)
    if run("iptables", "-t", table, "-C", hook, "-j", chain, check=False) != 0:
        run("iptables", "-t", table, "-I", hook, "1", "-j", chain)


def apply_rules(run, cfg):
    chain, nat_chain = cfg["chain"], cfg["chain"] + "_NAT"
    gi, up, net = cfg["guest_if"], cfg["uplink"], cfg["guest_net"]
    ensure_chain(run, "filter", chain, "FORWARD")
    ensure_chain(run, "nat", nat_chain, "POSTROUTING")
    for prot in cfg["protected_nets"]:
        run("iptables", "-A", chain, "-i", gi, "-d", prot, "-j", "REJECT")
    run("iptables", "-A", chain, "-i", gi, "-o", up, "-s", net, "-j", "ACCEPT")
    run("iptables", "-A", chain, "-i", up, "-o", gi, "-m", "conntrack",
        "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT")
    run("iptables", "-t", "nat", "-A", nat_chain, "-s", net, "-o", up, "-j", "MASQUERADE")
    log.info("guest NAT %s via %s, %d protected networks", net, up, len(cfg["protected_nets"]))


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    ipaddress.ip_network(cfg["guest_net"])
    for n in cfg["protected_nets"]:
        ipaddress.ip_network(n)
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="marina_gw.json")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose or args.dry_run else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        cfg = load_config(args.config)
    except (ValueError, KeyError) as exc:
        log.error("bad config: %s", exc)
        return 2
    run = Runner(args.dry_run)
    try:
        enable_forwarding(run, args.dry_run)
        apply_rules(run, cfg)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s: %s", shlex.join(exc.cmd), (exc.stderr or b"").decode().strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
