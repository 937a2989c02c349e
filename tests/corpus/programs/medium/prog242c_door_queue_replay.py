#!/usr/bin/env python3
"""Replay offline door scans to the ticketing API.

When the venue wifi drops during a club night, the door scanner app keeps
checking tickets against its local list and appends each scan to a queue
file (scan_queue.pkl in the working directory). Once the network is back,
the duty manager runs this to push the queued check-ins to the ticketing
API so capacity figures and re-entry checks are correct.
"""

import argparse
import json
import logging
import os
import pickle
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

API_URL = "https://api.tickets.example.com/v1/checkins"
log = logging.getLogger("door_replay")


class ScanQueue:
    """The scanner app's offline queue: a pickled list of scan dicts."""

    def __init__(self, path: Path):
        self.path = path
        self.items = []

    def load(self):
        if not self.path.exists():
            log.info("no queue file at %s", self.path)
            return
        with self.path.open("rb") as fh:
            self.items = pickle.load(fh)
        log.info("loaded %d queued scans", len(self.items))

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.items, fh)
        os.chmod(self.path, 0o600)

    def pop_batch(self, size: int):
        batch, self.items = self.items[:size], self.items[size:]
        return batch

    def requeue(self, batch):
        self.items = batch + self.items


def post_batch(batch, key: str, timeout: int) -> bool:
    body = json.dumps({"checkins": [
        {"ticket_id": s["ticket_id"], "gate": s.get("gate", "main"),
         "scanned_at": s["scanned_at"], "result": s.get("result", "admit")}
        for s in batch
    ]}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST")
    req.add_header("Authorization", f"Bearer {key}")
    req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            log.info("batch of %d accepted (HTTP %d)", len(batch), resp.status)
            return True
    except urllib.error.HTTPError as exc:
        log.warning("batch rejected: HTTP %d", exc.code)
    except urllib.error.URLError as exc:
        log.warning("network error: %s", exc.reason)
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description="Replay offline door scans")
    parser.add_argument("--queue", type=Path, default=Path("scan_queue.pkl"))
    parser.add_argument("--batch-size", type=int, default=50)
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--max-failures", type=int, default=3)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("TICKETS_API_KEY")
    if not key and not args.dry_run:
        log.error("TICKETS_API_KEY not set")
        return 2

    queue = ScanQueue(args.queue)
    try:
        queue.load()
    except (pickle.UnpicklingError, EOFError) as exc:
        log.error("queue file is damaged: %s", exc)
        return 1

    if args.dry_run:
        for s in queue.items[:20]:
            print(s)
        log.info("%d scans would be sent", len(queue.items))
        return 0

    failures = 0
    while queue.items and failures < args.max_failures:
        batch = queue.pop_batch(args.batch_size)
        if post_batch(batch, key, args.timeout):
            queue.save()
            continue
        queue.requeue(batch)
        failures += 1
        time.sleep(5 * failures)

    queue.save()
    if queue.items:
        log.warning("%d scans still queued; try again later", len(queue.items))
        return 1
    log.info("queue drained")
    return 0


if __name__ == "__main__":
    sys.exit(main())
