#!/usr/bin/env python3
"""Share the delivery van's 4G dongle with the drivers' handheld scanners.

The van Pi has the LTE modem on one interface (default wwan0) and the
scanners join a small Wi-Fi on another (default wlan0). This turns on
forwarding and NAT between the two so the scanners can post proof-of-delivery
photos, and takes it down again with --down at the end of the round.

Settings come from van_router.json if present:
    {"uplink": "wwan0", "lan": "wlan0", "lan_subnet": "192.168.44.0/24"}
"""
import argparse
import ipaddress
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("van_router")


@dataclass
class RouterConfig:
    uplink: str = "wwan0"
    lan: str = "wlan0"
    lan_subnet: str = "192.168.44.0/24"
    allow_ports: list = field(default_factory=lambda: [53, 80, 443])

    @classmethod
    def from_file(cls, path):
        p = Path(path)
        if not p.exists():
            return cls()
        data = json.loads(p.read_text())
        cfg = cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})
        ipaddress.ip_network(cfg.lan_subnet)  # validate
        return cfg


class Runner:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]

    def __call__(self, *argv, check=True):
        cmd = self.prefix + [str(a) for a in argv]
        log.debug("$ %s", shlex.join(cmd))
        if self.dry_run:
            print(shlex.join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{shlex.join(cmd)}: {proc.stderr.strip()}")
        return proc.returncode


def nat_rules(cfg):
    """(table, chain, rule-args) triples, in the order they are added."""
    rules = [
        ("nat", "POSTROUTING", ["-s", cfg.lan_subnet, "-o", cfg.uplink, "-j", "MASQUERADE"]),
        ("filter", "FORWARD", ["-i", cfg.uplink, "-o", cfg.lan, "-m", "conntrack",
                               "--ctstate", "RELATED,ESTABLISHED", "-j", "ACCEPT"]),
    ]
    for port in cfg.allow_ports:
        for proto in ("tcp", "udp") if port == 53 else ("tcp",):
            rules.append(("filter", "FORWARD", ["-i", cfg.lan, "-o", cfg.uplink, "-p", proto,
                                                "--dport", str(port), "-j", "ACCEPT"]))
    rules.append(("filter", "FORWARD", ["-i", cfg.lan, "-o", cfg.uplink, "-j", "DROP"]))
    return rules


def bring_up(cfg, run):
    run("sysctl", "-w", "net.ipv4.ip_forward=1")
    for table, chain, spec in nat_rules(cfg):
        # -C returns non-zero when the rule is missing
        if run("iptables", "-t", table, "-C", chain, *spec, check=False) != 0:
            run("iptables", "-t", table, "-A", chain, *spec)
    log.info("forwarding %s -> %s for %s", cfg.lan, cfg.uplink, cfg.lan_subnet)


def bring_down(cfg, run):
    for table, chain, spec in reversed(nat_rules(cfg)):
        while run("iptables", "-t", table, "-C", chain, *spec, check=False) == 0:
            run("iptables", "-t", table, "-D", chain, *spec)
            if run.dry_run:
                break
    run("sysctl", "-w", "net.ipv4.ip_forward=0")
    log.info("forwarding stopped")


def interfaces_present(cfg):
    missing = [i for i in (cfg.uplink, cfg.lan) if not Path(f"/sys/class/net/{i}").exists()]
    for i in missing:
        log.error("interface %s not found", i)
    return not missing


def main():
    ap = argparse.ArgumentParser(description="Van scanner hotspot NAT")
    ap.add_argument("--config", default="van_router.json")
    ap.add_argument("--down", action="store_true", help="remove NAT and forwarding")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    if not shutil.which("iptables") and not args.dry_run:
        log.error("iptables not installed")
        return 1
    try:
        cfg = RouterConfig.from_file(args.config)
    except (ValueError, TypeError) as exc:
        log.error("bad config: %s", exc)
        return 1

    run = Runner(dry_run=args.dry_run)
    try:
        if args.down:
            bring_down(cfg, run)
        else:
            if not interfaces_present(cfg) and not args.dry_run:
                return 1
            bring_up(cfg, run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
