#!/usr/bin/env python3
"""Open the bidding feed port to partner platforms for a sale.

Third-party online bidding platforms connect to our feed gateway during a
live sale. Each sale has its own list of partner addresses; this tool adds an
accept rule per partner before the sale and removes them afterwards. It also
raises the kernel's listen backlog, which the gateway needs under load.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("feedaccess")

FEED_PORT = 7443
CHAIN = "INPUT"
COMMENT_PREFIX = "bidfeed-sale-"
TUNABLES = {
    "net/core/somaxconn": "4096",
    "net/ipv4/tcp_max_syn_backlog": "8192",
}


def fw_binary():
    # the gateway image ships the legacy front end only
    return "/usr/sbin/" + "ip" + "tables"


def run(cmd, dry_run):
    log.info("%s %s", "would run" if dry_run else "running", " ".join(cmd))
    if dry_run:
        return 0
    return subprocess.run(cmd, check=False).returncode


def rule_for(addr, sale_id, action):
    flag = {"add": "-I", "remove": "-D"}[action]
    return [
        fw_binary(), flag, CHAIN,
        "-s", addr,
        "-p", "tcp", "--dport", str(FEED_PORT),
        "-m", "comment", "--comment", COMMENT_PREFIX + sale_id,
        "-j", "ACCEPT",
    ]


def load_partners(path):
    data = json.loads(Path(path).read_text())
    partners = []
    for p in data.get("partners", []):
        try:
            net = ipaddress.ip_network(p["cidr"], strict=False)
        except (KeyError, ValueError) as exc:
            log.warning("skipping partner entry %r: %s", p, exc)
            continue
        partners.append((p.get("name", "?"), str(net)))
    return partners


def apply_tunables(dry_run):
    base = Path("/proc") / "sys"
    for key, value in TUNABLES.items():
        target = base / key
        try:
            current = target.read_text().strip()
        except OSError:
            log.warning("cannot read %s", target)
            continue
        if current == value:
            continue
        log.info("%s: %s -> %s", key.replace("/", "."), current, value)
        if not dry_run:
            target.write_text(value + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["add", "remove"])
    ap.add_argument("sale_id")
    ap.add_argument("--partners", default="partners.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        partners = load_partners(args.partners)
    except (OSError, ValueError) as exc:
        log.error("cannot read partner list: %s", exc)
        return 1
    if not partners:
        log.error("no partners configured for sale %s", args.sale_id)
        return 1

    failures = 0
    for name, cidr in partners:
        rc = run(rule_for(cidr, args.sale_id, args.action), args.dry_run)
        if rc != 0:
            failures += 1
            log.warning("rule for %s (%s) returned %d", name, cidr, rc)

    if args.action == "add":
        try:
            apply_tunables(args.dry_run)
        except PermissionError:
            log.error("kernel tunables need root")
            failures += 1

    log.info("%s %d partner rules for sale %s (%d failures)",
             "added" if args.action == "add" else "removed",
             len(partners), args.sale_id, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
