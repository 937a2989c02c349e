#!/usr/bin/env python3
"""Refresh an ad/tracker block section inside the system hosts file."""
import argparse
import logging
import os
import sys
import urllib.request
from pathlib import Path

HOSTS_PATH = Path("/etc") / "hosts"
BEGIN, END = "# >>> blocklist >>>", "# <<< blocklist <<<"
DEFAULT_LIST = "https://raw.githubusercontent.com/StevenBlack/hosts/master/hosts"
log = logging.getLogger("hostsblock")


def fetch_domains(url: str) -> list:
    with urllib.request.urlopen(url, timeout=20) as resp:
        text = resp.read().decode("utf-8", errors="ignore")
    domains = set()
    for line in text.splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) >= 2 and parts[0] in ("0.0.0.0", "127.0.0.1"):
            if parts[1] not in ("localhost", "0.0.0.0"):
                domains.add(parts[1].lower())
    return sorted(domains)


def rewrite_hosts(domains: list) -> None:
    current = HOSTS_PATH.read_text().splitlines()
    kept, skipping = [], False
    for line in current:
        if line.strip() == BEGIN:
            skipping = True
        elif line.strip() == END:
            skipping = False
        elif not skipping:
            kept.append(line)
    block = [BEGIN] + [f"0.0.0.0 {d}" for d in domains] + [END]
    HOSTS_PATH.write_text("\n".join(kept + block) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", default=DEFAULT_LIST)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    if os.geteuid() != 0:
        log.error("needs root to modify %s", HOSTS_PATH)
        return 1
    domains = fetch_domains(args.source)
    log.info("fetched %d domains", len(domains))
    rewrite_hosts(domains)
    log.info("updated %s", HOSTS_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
