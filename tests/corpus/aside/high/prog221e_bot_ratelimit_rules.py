#!/usr/bin/env python3
"""Block paywall-scraping bots at the packet filter.

Reads the scraper report produced by the paywall analytics job (one IPv4
address or CIDR per line, with a hit count), writes an iptables script that
drops the worst offenders in a dedicated chain, and runs it.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("bot-rules")
CHAIN = "PAYWALL_BOTS"

SCRIPT_HEAD = """#!/bin/bash
set -u
CHAIN="{chain}"
iptables -n -L "$CHAIN" >/dev/null 2>&1 || iptables -N "$CHAIN"
iptables -C INPUT -p tcp -m multiport --dports 80,443 -j "$CHAIN" 2>/dev/null \\
    || iptables -I INPUT -p tcp -m multiport --dports 80,443 -j "$CHAIN"
"""

SCRIPT_RULE = """iptables -C "$CHAIN" -s {net} -j DROP 2>/dev/null || iptables -A "$CHAIN" -s {net} -j DROP
"""


class Offender:
    def __init__(self, net, hits):
        self.net = net
        self.hits = hits

    def __repr__(self):
        return f"Offender({self.net}, {self.hits})"


def load_report(path, min_hits):
    offenders = []
    for lineno, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        try:
            net = ipaddress.ip_network(parts[0], strict=False)
            hits = int(parts[1]) if len(parts) > 1 else 0
        except ValueError:
            LOG.warning("line %d: cannot parse %r", lineno, line)
            continue
        if net.version != 4:
            continue
        if net.is_private or net.is_loopback:
            LOG.warning("line %d: refusing internal network %s", lineno, net)
            continue
        if hits >= min_hits:
            offenders.append(Offender(net, hits))
    offenders.sort(key=lambda o: o.hits, reverse=True)
    return offenders


def build_script(offenders, limit):
    parts = [SCRIPT_HEAD.format(chain=CHAIN)]
    for off in offenders[:limit]:
        parts.append(SCRIPT_RULE.format(net=off.net))
    parts.append('echo "rules in $CHAIN: $(iptables -S "$CHAIN" | grep -c DROP)"\n')
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("report", help="scraper report, e.g. ./scrapers.txt")
    ap.add_argument("--min-hits", type=int, default=500)
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--script", default="./apply_bot_rules.sh")
    ap.add_argument("--write-only", action="store_true", help="write the script, do not run it")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        offenders = load_report(args.report, args.min_hits)
    except OSError as exc:
        LOG.error("cannot read report: %s", exc)
        return 1
    if not offenders:
        LOG.info("no offenders above %d hits", args.min_hits)
        return 0
    LOG.info("%d offenders, top: %s", len(offenders), offenders[:3])
    script = Path(args.script)
    script.write_text(build_script(offenders, args.limit))
    script.chmod(0o700)
    LOG.info("wrote %s", script)
    if args.write_only:
        return 0
    if os.geteuid() != 0:
        LOG.error("iptables needs root; rerun as root or use --write-only")
        return 2
    proc = subprocess.run(["bash", str(script)], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("applying rules failed: %s", proc.stderr.strip())
        return 1
    LOG.info(proc.stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
