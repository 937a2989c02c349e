#!/usr/bin/env python3
"""Open the care-visit scheduler port to the ward tablet subnets.

Each ward's tablets live on their own subnet. When a ward is added, its subnet
must be allowed to reach the scheduler's HTTPS port. This tool reads the ward
list, renders idempotent iptables commands (check first, then insert) into a
shell script and runs it. Must be run as root on the scheduler host.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("ward-fw")

CHAIN = "INPUT"
COMMENT_PREFIX = "carevisit-ward"


class WardRule:
    def __init__(self, ward: str, subnet: str, port: int):
        self.ward = ward.strip()
        self.subnet = ipaddress.ip_network(subnet.strip(), strict=True)
        self.port = port

    def spec(self) -> str:
        return (f"-s {self.subnet} -p tcp --dport {self.port} "
                f"-m comment --comment {COMMENT_PREFIX}-{self.ward} -j ACCEPT")

    def shell(self) -> str:
        return (f"iptables -C {CHAIN} {self.spec()} 2>/dev/null || "
                f"iptables -I {CHAIN} 1 {self.spec()}")


def load_wards(path: Path, port: int) -> list:
    rules = []
    with path.open(newline="") as handle:
        for lineno, row in enumerate(csv.DictReader(handle), start=2):
            try:
                rule = WardRule(row["ward"], row["subnet"], port)
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
                continue
            if not rule.subnet.is_private and not str(rule.subnet).startswith("192.0.2."):
                LOG.warning("line %d: %s is not an internal subnet, skipped", lineno, rule.subnet)
                continue
            rules.append(rule)
    return rules


def render_script(rules: list) -> str:
    body = ["#!/bin/bash", "set -euo pipefail",
            '[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }']
    body += [r.shell() for r in rules]
    body.append(f"iptables -S {CHAIN} | grep -c {COMMENT_PREFIX} || true")
    return "\n".join(body) + "\n"


def apply(script_text: str, keep: Path) -> int:
    keep.write_text(script_text)
    keep.chmod(0o600)
    LOG.info("rules script saved to %s", keep)
    proc = subprocess.run(["bash", str(keep)], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("iptables failed: %s", proc.stderr.strip())
        return proc.returncode
    LOG.info("ward rules now present: %s", proc.stdout.strip().splitlines()[-1:])
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("wards_csv", type=Path, help="CSV with columns ward,subnet")
    parser.add_argument("--port", type=int, default=int(os.environ.get("SCHEDULER_PORT", 8443)))
    parser.add_argument("--script", type=Path, default=Path("ward_rules.sh"))
    parser.add_argument("--print-only", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        rules = load_wards(args.wards_csv, args.port)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.wards_csv, exc)
        return 1
    if not rules:
        LOG.info("no ward subnets to allow")
        return 0
    script = render_script(rules)
    if args.print_only:
        sys.stdout.write(script)
        return 0
    return apply(script, args.script)


if __name__ == "__main__":
    sys.exit(main())
