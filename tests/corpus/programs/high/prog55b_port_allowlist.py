#!/usr/bin/env python3
"""Open inbound TCP ports for an app from a port allowlist.

For every (port, source CIDR) pair the script checks whether a matching
ACCEPT rule already exists with `iptables -C` and inserts one otherwise.
Rules are built as argv lists and executed through sudo.
"""
import argparse
import csv
import ipaddress
import logging
import subprocess
import sys
from collections import namedtuple

LOG = logging.getLogger("port-allowlist")
Rule = namedtuple("Rule", "port proto source comment")


class RuleBuilder:
    def __init__(self, chain="INPUT", table="filter"):
        self.chain = chain
        self.table = table

    def _match(self, rule):
        parts = ["-p", rule.proto, "--dport", str(rule.port)]
        if rule.source != "0.0.0.0/0":
            parts += ["-s", rule.source]
        parts += ["-m", "comment", "--comment", rule.comment[:250]]
        parts += ["-j", "ACCEPT"]
        return parts

    def check(self, rule):
        return ["iptables", "-t", self.table, "-C", self.chain] + self._match(rule)

    def insert(self, rule, position=1):
        return ["iptables", "-t", self.table, "-I", self.chain, str(position)] + self._match(rule)


def read_rules(path):
    rules = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            port = int(row["port"])
            if not 0 < port < 65536:
                raise ValueError(f"bad port {port}")
            source = str(ipaddress.ip_network(row.get("source") or "0.0.0.0/0", strict=False))
            rules.append(Rule(port, row.get("proto", "tcp") or "tcp", source,
                              row.get("comment") or f"allowlist:{port}"))
    return rules


def run(argv, dry_run):
    full = ["sudo", "--non-interactive"] + argv
    LOG.debug("exec %s", full)
    if dry_run:
        print(" ".join(full))
        return 1 if "-C" in argv else 0
    return subprocess.run(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("allowlist", help="CSV with columns port,proto,source,comment")
    ap.add_argument("--chain", default="INPUT")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    builder = RuleBuilder(chain=args.chain)
    try:
        rules = read_rules(args.allowlist)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("cannot read allowlist: %s", exc)
        return 2
    added = 0
    for rule in rules:
        if run(builder.check(rule), args.dry_run) == 0:
            LOG.info("present: %s/%s from %s", rule.port, rule.proto, rule.source)
            continue
        if run(builder.insert(rule), args.dry_run) != 0:
            LOG.error("failed to add rule for port %s", rule.port)
            return 1
        added += 1
        LOG.info("added: %s/%s from %s", rule.port, rule.proto, rule.source)
    LOG.info("%d rule(s) added, %d already present", added, len(rules) - added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
