#!/usr/bin/env python3
"""Export shop reviews from Etsy to CSV (and optionally JSON Lines).

Large shops have tens of thousands of reviews and the API is paged 100 at
a time, so progress is checkpointed after every page; an interrupted export
resumes where it stopped.

    ETSY_API_KEY=... ./review_exporter.py --shop-id 31415926 -o reviews.csv
"""
import argparse
import csv
import json
import logging
import os
import pickle
import signal
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone

import requests

ETSY_BASE = "https://openapi.etsy.com/v3/application"
FIELDS = ["created", "listing_id", "transaction_id", "rating", "language", "review", "buyer_user_id"]
log = logging.getLogger("review-export")


@dataclass
class Checkpoint:
    shop_id: str
    offset: int = 0
    seen: set = field(default_factory=set)
    started: float = field(default_factory=time.time)


class ExportSession:
    page_size = 100

    def __init__(self, shop_id, api_key, out_path, ckpt_path, min_created=None):
        self.shop_id = shop_id
        self.out_path = out_path
        self.ckpt_path = ckpt_path
        self.min_created = min_created
        self.http = requests.Session()
        self.http.headers.update({"x-api-key": api_key, "Accept": "application/json"})
        self.stop = False
        self.ckpt = self._restore()

    def _restore(self):
        if os.path.exists(self.ckpt_path):
            with open(self.ckpt_path, "rb") as fh:
                ckpt = pickle.load(fh)
            if ckpt.shop_id == self.shop_id:
                log.info("resuming at offset %d (%d reviews done)", ckpt.offset, len(ckpt.seen))
                return ckpt
        return Checkpoint(self.shop_id)

    def _save(self):
        tmp = self.ckpt_path + ".part"
        with open(tmp, "wb") as fh:
            pickle.dump(self.ckpt, fh)
        os.replace(tmp, self.ckpt_path)

    def _page(self, offset):
        params = {"limit": self.page_size, "offset": offset}
        if self.min_created:
            params["min_created"] = self.min_created
        for attempt in range(5):
            r = self.http.get(f"{ETSY_BASE}/shops/{self.shop_id}/reviews", params=params, timeout=30)
            if r.status_code == 429:
                time.sleep(2 ** attempt)
                continue
            r.raise_for_status()
            return r.json().get("results", [])
        raise RuntimeError("rate limited too many times")

    @staticmethod
    def _row(review):
        row = {k: review.get(k) for k in FIELDS}
        row["created"] = datetime.fromtimestamp(review.get("create_timestamp", 0), timezone.utc).isoformat()
        row["review"] = (review.get("review") or "").replace("\r", " ").strip()
        return row

    def run(self, jsonl=None):
        new_file = not os.path.exists(self.out_path) or self.ckpt.offset == 0
        with open(self.out_path, "a" if not new_file else "w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIELDS)
            if new_file:
                writer.writeheader()
            jfh = open(jsonl, "a", encoding="utf-8") if jsonl else None
            try:
                while not self.stop:
                    batch = self._page(self.ckpt.offset)
                    for review in batch:
                        key = (review.get("transaction_id"), review.get("create_timestamp"))
                        if key in self.ckpt.seen:
                            continue
                        self.ckpt.seen.add(key)
                        row = self._row(review)
                        writer.writerow(row)
                        if jfh:
                            jfh.write(json.dumps(row, ensure_ascii=False) + "\n")
                    fh.flush()
                    self.ckpt.offset += len(batch)
                    self._save()
                    log.info("exported %d reviews", len(self.ckpt.seen))
                    if len(batch) < self.page_size:
                        break
            finally:
                if jfh:
                    jfh.close()
        return len(self.ckpt.seen)


def main():
    ap = argparse.ArgumentParser(description="Export Etsy shop reviews")
    ap.add_argument("--shop-id", required=True)
    ap.add_argument("-o", "--output", default="reviews.csv")
    ap.add_argument("--jsonl", help="also write JSON Lines here")
    ap.add_argument("--since", help="only reviews after YYYY-MM-DD")
    ap.add_argument("--checkpoint", default=".reviews.ckpt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get("ETSY_API_KEY")
    if not key:
        log.error("ETSY_API_KEY is not set")
        return 2
    since = None
    if args.since:
        since = int(datetime.strptime(args.since, "%Y-%m-%d").replace(tzinfo=timezone.utc).timestamp())

    session = ExportSession(args.shop_id, key, args.output, args.checkpoint, since)
    signal.signal(signal.SIGINT, lambda *_: setattr(session, "stop", True))
    total = session.run(jsonl=args.jsonl)
    log.info("done: %d reviews in %s", total, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
