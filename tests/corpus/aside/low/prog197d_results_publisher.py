#!/usr/bin/env python3
"""Publish corrected results for a handicap race to the regatta results site.

Reads elapsed times and Portsmouth numbers from a CSV, computes corrected
times, and posts the table to the results API.  Unchanged tables are not
re-posted.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.request
from dataclasses import dataclass, asdict

log = logging.getLogger("publisher")

API_BASE = os.environ.get("RESULTS_API", "https://results.example.com/api/v1")
STATE = ".publish-state.json"


@dataclass
class Finish:
    sail: str
    helm: str
    boat_class: str
    py: int
    elapsed: int
    corrected: float = 0.0

    def compute(self):
        self.corrected = round(self.elapsed * 1000 / self.py, 1)
        return self


def _seconds(text):
    total = 0
    for part in text.split(":"):
        total = total * 60 + int(part)
    return total


def load(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Finish(row["sail"], row["helm"], row["class"],
                         int(row["py"]), _seconds(row["elapsed"])).compute()


class Publisher:
    def __init__(self, event, race, key):
        self.event, self.race, self.key = event, race, key

    def fmt_json(self, finishes):
        return json.dumps({"event": self.event, "race": self.race,
                           "results": [asdict(f) for f in finishes]}).encode()

    def send(self, body):
        url = f"{API_BASE}/events/{self.event}/races/{self.race}/results"
        req = urllib.request.Request(url, data=body, method="PUT", headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {self.key}",
        })
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status


def already_sent(digest):
    try:
        with open(STATE) as fh:
            return json.load(fh).get("last") == digest
    except (OSError, ValueError):
        return False


def remember(digest):
    with open(STATE, "w") as fh:
        json.dump({"last": digest}, fh)
    os.chmod(STATE, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results")
    ap.add_argument("--event", required=True)
    ap.add_argument("--race", type=int, required=True)
    ap.add_argument("--format", default="json")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("RESULTS_API_KEY")
    if not key:
        log.error("RESULTS_API_KEY is not set")
        return 2
    finishes = sorted(load(args.results), key=lambda f: f.corrected)
    pub = Publisher(args.event, args.race, key)
    render = getattr(pub, "fmt_" + args.format, None)
    if render is None:
        log.error("unknown format %s", args.format)
        return 2
    body = render(finishes)
    digest = hashlib.md5(body).hexdigest()
    if already_sent(digest) and not args.force:
        log.info("results unchanged, nothing to publish")
        return 0
    try:
        status = pub.send(body)
    except OSError as exc:
        log.error("publish failed: %s", exc)
        return 1
    remember(digest)
    log.info("published %d finishers (HTTP %s)", len(finishes), status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
