#!/usr/bin/env python3
"""Open the host firewall for the harbour radar and AIS feeds.

Reads the list of feed sources from a small JSON file and makes sure
each one has an ACCEPT rule in the HARBOUR-FEEDS chain.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("feed_firewall")

CHAIN = "HARBOUR-FEEDS"
DEFAULT_FEEDS = [
    {"name": "radar-north", "source": "192.0.2.10", "port": 2947, "proto": "tcp"},
    {"name": "radar-south", "source": "192.0.2.11", "port": 2947, "proto": "tcp"},
    {"name": "ais-shore", "source": "192.0.2.0/28", "port": 10110, "proto": "udp"},
]


def iptables(*args, check=True):
    cmd = ["sudo", "iptables", *args]
    log.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def chain_exists():
    return iptables("-n", "-L", CHAIN, check=False).returncode == 0


def ensure_chain():
    if not chain_exists():
        log.info("creating chain %s", CHAIN)
        iptables("-N", CHAIN)
    jump = iptables("-C", "INPUT", "-j", CHAIN, check=False)
    if jump.returncode != 0:
        iptables("-I", "INPUT", "1", "-j", CHAIN)


def rule_args(feed):
    return ["-s", feed["source"], "-p", feed["proto"],
            "--dport", str(feed["port"]), "-m", "comment",
            "--comment", f"harbour:{feed['name']}", "-j", "ACCEPT"]


def validate(feed):
    ipaddress.ip_network(feed["source"], strict=False)
    if feed["proto"] not in ("tcp", "udp"):
        raise ValueError(f"bad protocol {feed['proto']}")
    if not 0 < int(feed["port"]) < 65536:
        raise ValueError(f"bad port {feed['port']}")


def apply(feeds, dry_run=False):
    added = 0
    for feed in feeds:
        validate(feed)
        args = rule_args(feed)
        if dry_run:
            print("iptables -A", CHAIN, " ".join(args))
            continue
        if iptables("-C", CHAIN, *args, check=False).returncode == 0:
            log.info("%s already allowed", feed["name"])
            continue
        iptables("-A", CHAIN, *args)
        added += 1
        log.info("allowed %s from %s on %s/%s",
                 feed["name"], feed["source"], feed["port"], feed["proto"])
    return added


def load_feeds(path):
    if path and Path(path).is_file():
        return json.loads(Path(path).read_text())
    return DEFAULT_FEEDS


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--feeds", help="JSON list of feeds")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not shutil.which("iptables") and not args.dry_run:
        log.error("iptables not installed")
        return 1

    feeds = load_feeds(args.feeds)
    if not args.dry_run:
        ensure_chain()
    added = apply(feeds, args.dry_run)
    log.info("%d new rules", added)
    return 0


if __name__ == "__main__":
    sys.exit(main())
