#!/usr/bin/env python3
"""Incident helper: block clients hammering the edge during an incident.

Scans the nginx access log for clients that produce a burst of 401/429
responses inside the window, skips anything on the allowlist, and drops
their traffic in a dedicated chain so the block is easy to review and to
flush once the incident is over (--flush).
"""
import argparse
import ipaddress
import logging
import re
import subprocess
import sys
from collections import Counter
from datetime import datetime, timedelta, timezone

LOG = logging.getLogger("ip-block")

CHAIN = "INCIDENT-BLOCK"
LINE_RE = re.compile(
    r'^(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "[^"]*" (?P<status>\d{3}) '
)
TS_FORMAT = "%d/%b/%Y:%H:%M:%S %z"


class Firewall:
    binary = "iptables"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _run(self, *args, check=True):
        cmd = [self.binary, "-w", *args]
        if self.dry_run:
            LOG.info("would run: %s", " ".join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}: {proc.stderr.strip()}")
        return proc.returncode

    def ensure_chain(self):
        if self._run("-n", "-L", CHAIN, check=False) != 0:
            self._run("-N", CHAIN)
        if self._run("-C", "INPUT", "-j", CHAIN, check=False) != 0:
            self._run("-I", "INPUT", "1", "-j", CHAIN)

    def block(self, ip, comment):
        rule = ["-s", ip, "-m", "comment", "--comment", comment[:250], "-j", "DROP"]
        if self._run("-C", CHAIN, *rule, check=False) == 0:
            return False
        self._run("-A", CHAIN, *rule)
        return True

    def flush(self):
        self._run("-F", CHAIN, check=False)


def load_allowlist(path):
    nets = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.split("#", 1)[0].strip()
                if line:
                    nets.append(ipaddress.ip_network(line, strict=False))
    except FileNotFoundError:
        LOG.warning("no allowlist at %s", path)
    return nets


def offenders(log_path, window, threshold, statuses=("401", "429")):
    cutoff = datetime.now(timezone.utc) - timedelta(seconds=window)
    counts = Counter()
    with open(log_path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            m = LINE_RE.match(line)
            if not m or m.group("status") not in statuses:
                continue
            try:
                ts = datetime.strptime(m.group("ts"), TS_FORMAT)
            except ValueError:
                continue
            if ts >= cutoff:
                counts[m.group("ip")] += 1
    return [(ip, n) for ip, n in counts.most_common() if n >= threshold]


def allowed(ip, nets):
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return True
    return any(addr in net for net in nets) or addr.is_private or addr.is_loopback


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log", default="access.log")
    ap.add_argument("--allowlist", default="allowlist.txt")
    ap.add_argument("--window", type=int, default=600)
    ap.add_argument("--threshold", type=int, default=300)
    ap.add_argument("--incident", default="INC-unknown")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--flush", action="store_true", help="remove all incident blocks")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    fw = Firewall(dry_run=args.dry_run)
    try:
        if args.flush:
            fw.flush()
            LOG.info("flushed %s", CHAIN)
            return 0
        nets = load_allowlist(args.allowlist)
        candidates = [(ip, n) for ip, n in offenders(args.log, args.window, args.threshold)
                      if not allowed(ip, nets)]
        if not candidates:
            LOG.info("no offenders above %d requests", args.threshold)
            return 0
        fw.ensure_chain()
        for ip, n in candidates:
            if fw.block(ip, f"{args.incident} {n} hits"):
                LOG.info("blocked %s (%d hits)", ip, n)
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
