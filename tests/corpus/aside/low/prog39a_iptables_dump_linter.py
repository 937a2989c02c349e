#!/usr/bin/env python3
"""Lint an iptables-save dump for shadowed and duplicate rules.

Works purely offline on a text dump (e.g. collected by the config
management system into ./dumps/).  Parsed results are cached in
./.fwlint-cache keyed by the dump's digest so repeated CI runs are fast.
"""
import argparse
import hashlib
import ipaddress
import json
import logging
import shlex
import sys
from collections import defaultdict
from pathlib import Path

logger = logging.getLogger("fwlint")
CACHE_DIR = Path(".fwlint-cache")


class Rule:
    __slots__ = ("table", "chain", "lineno", "src", "dst", "proto", "dport", "target", "raw")

    def __init__(self, table, chain, lineno, raw):
        self.table, self.chain, self.lineno, self.raw = table, chain, lineno, raw
        self.src = ipaddress.ip_network("0.0.0.0/0")
        self.dst = ipaddress.ip_network("0.0.0.0/0")
        self.proto = None
        self.dport = None
        self.target = None

    def covers(self, other: "Rule") -> bool:
        """True when every packet matching *other* also matches self."""
        if self.proto not in (None, other.proto):
            return False
        if self.dport not in (None, other.dport):
            return False
        return other.src.subnet_of(self.src) and other.dst.subnet_of(self.dst)

    def as_dict(self):
        return {"table": self.table, "chain": self.chain, "line": self.lineno,
                "target": self.target, "rule": self.raw}


def parse_dump(text):
    table = None
    rules = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("*"):
            table = line[1:]
            continue
        if not line.startswith("-A "):
            continue
        tokens = shlex.split(line)
        rule = Rule(table, tokens[1], lineno, line)
        it = iter(tokens[2:])
        for tok in it:
            if tok == "-s":
                rule.src = ipaddress.ip_network(next(it), strict=False)
            elif tok == "-d":
                rule.dst = ipaddress.ip_network(next(it), strict=False)
            elif tok == "-p":
                rule.proto = next(it)
            elif tok == "--dport":
                rule.dport = next(it)
            elif tok == "-j":
                rule.target = next(it)
        rules.append(rule)
    return rules


def find_problems(rules):
    by_chain = defaultdict(list)
    for r in rules:
        by_chain[(r.table, r.chain)].append(r)
    problems = []
    for (table, chain), chain_rules in by_chain.items():
        for i, later in enumerate(chain_rules):
            for earlier in chain_rules[:i]:
                if earlier.raw.split(" ", 2)[2] == later.raw.split(" ", 2)[2]:
                    problems.append({"kind": "duplicate", "rule": later.as_dict(),
                                     "first": earlier.as_dict()})
                    break
                if earlier.target in ("ACCEPT", "DROP", "REJECT") and earlier.covers(later):
                    problems.append({"kind": "shadowed", "rule": later.as_dict(),
                                     "by": earlier.as_dict()})
                    break
    return problems


def cached_lint(dump_path: Path, use_cache=True):
    data = dump_path.read_bytes()
    key = hashlib.md5(data).hexdigest()
    cache_file = CACHE_DIR / f"{key}.json"
    if use_cache and cache_file.exists():
        logger.debug("cache hit for %s", dump_path)
        return json.loads(cache_file.read_text())
    problems = find_problems(parse_dump(data.decode("utf-8", "replace")))
    CACHE_DIR.mkdir(exist_ok=True)
    cache_file.write_text(json.dumps(problems, indent=1))
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description="iptables-save dump linter")
    ap.add_argument("dumps", nargs="+", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--clear-cache", action="store_true",
                    help="remove ./.fwlint-cache before running")
    ap.add_argument("--json", action="store_true", help="machine readable output")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for f in CACHE_DIR.glob("*.json"):
            f.unlink()

    total = 0
    report = {}
    for dump in args.dumps:
        try:
            problems = cached_lint(dump, use_cache=not args.no_cache)
        except (OSError, ValueError) as exc:
            logger.error("%s: %s", dump, exc)
            continue
        report[str(dump)] = problems
        total += len(problems)
        if not args.json:
            for p in problems:
                r = p["rule"]
                logger.info("%s:%d [%s/%s] %s", dump, r["line"], r["table"], r["chain"], p["kind"])
    if args.json:
        json.dump(report, sys.stdout, indent=2)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
