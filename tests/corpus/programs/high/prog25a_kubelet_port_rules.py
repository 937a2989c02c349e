#!/usr/bin/env python3
"""Open the Kubernetes worker ports on a node's INPUT chain.

Reads the port list for the node role from a small TOML-ish INI file and
inserts ACCEPT rules (tagged with a comment) for the cluster CIDRs using
python-iptables.  Existing tagged rules are detected, so the tool is
idempotent.  `--list` shows what is currently installed.
"""
import argparse
import configparser
import ipaddress
import logging
import sys
from dataclasses import dataclass
from typing import Iterable, List, Set, Tuple

import iptc

LOG = logging.getLogger("k8s-ports")
TAG = "k8s-node-ports"
DEFAULTS = """
[worker]
tcp = 10250, 10256, 30000:32767
udp = 8472
[control-plane]
tcp = 6443, 2379:2380, 10250, 10257, 10259
udp = 8472
[cluster]
sources = 10.42.0.0/16, 192.168.50.0/24
"""


@dataclass(frozen=True)
class PortRule:
    proto: str
    dport: str
    source: str

    def describe(self) -> str:
        return f"{self.proto}/{self.dport} from {self.source}"


def parse_ports(text: str) -> List[str]:
    ports = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            continue
        low, _, high = item.partition(":")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ValueError(f"bad port spec {item!r}")
        ports.append(item)
    return ports


def wanted_rules(cfg: configparser.ConfigParser, role: str) -> List[PortRule]:
    sources = [str(ipaddress.ip_network(s.strip()))
               for s in cfg.get("cluster", "sources").split(",") if s.strip()]
    rules = []
    for proto in ("tcp", "udp"):
        for port in parse_ports(cfg.get(role, proto, fallback="")):
            for src in sources:
                rules.append(PortRule(proto, port, src))
    return rules


def existing_rules(chain: "iptc.Chain") -> Set[Tuple[str, str, str]]:
    found = set()
    for rule in chain.rules:
        comments = [m.comment for m in rule.matches if m.name == "comment"]
        if TAG not in comments:
            continue
        dports = [m.dport for m in rule.matches if m.name in ("tcp", "udp")]
        src = rule.src.split("/")[0]
        found.add((rule.protocol, dports[0] if dports else "", src))
    return found


def build_rule(spec: PortRule) -> "iptc.Rule":
    rule = iptc.Rule()
    rule.protocol = spec.proto
    rule.src = spec.source
    match = rule.create_match(spec.proto)
    match.dport = spec.dport
    comment = rule.create_match("comment")
    comment.comment = TAG
    rule.target = iptc.Target(rule, "ACCEPT")
    return rule


def apply(rules: Iterable[PortRule], dry_run: bool) -> int:
    table = iptc.Table(iptc.Table.FILTER)
    table.autocommit = False
    chain = iptc.Chain(table, "INPUT")
    present = existing_rules(chain)
    added = 0
    for spec in rules:
        key = (spec.proto, spec.dport, spec.source.split("/")[0])
        if key in present:
            LOG.debug("present: %s", spec.describe())
            continue
        LOG.info("%s %s", "would add" if dry_run else "adding", spec.describe())
        if not dry_run:
            chain.insert_rule(build_rule(spec))
        added += 1
    if not dry_run:
        table.commit()
    table.autocommit = True
    return added


def list_rules() -> None:
    chain = iptc.Chain(iptc.Table(iptc.Table.FILTER), "INPUT")
    for proto, dport, src in sorted(existing_rules(chain)):
        print(f"{proto:4} {dport:12} {src}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--role", choices=["worker", "control-plane"], default="worker")
    parser.add_argument("--config", help="INI file with port lists")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    cfg.read_string(DEFAULTS)
    if args.config:
        cfg.read(args.config)
    try:
        if args.list:
            list_rules()
            return 0
        added = apply(wanted_rules(cfg, args.role), args.dry_run)
    except (ValueError, iptc.IPTCError) as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("%d rule(s) %s", added, "to add" if args.dry_run else "added")
    return 0


if __name__ == "__main__":
    sys.exit(main())
