#!/usr/bin/env python3
"""Push logged lithology intervals to the survey's borehole API.

Reads interval rows (bh_id,top_m,base_m,lithology) from a CSV file or from
stdin, e.g. `awk ... | SURVEY_API_KEY=... prog235c_survey_api_push.py -`,
batches them and posts JSON to the survey API. The key is read from the
environment and only ever sent to that API. A small env file with the batch
id is left in ./out for the follow-up shell steps.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

API_URL = "https://api.survey.example.org/v1/intervals"
log = logging.getLogger("interval-push")


class Interval:
    __slots__ = ("bh_id", "top", "base", "lith")

    def __init__(self, bh_id, top, base, lith):
        self.bh_id, self.top, self.base, self.lith = bh_id, top, base, lith

    @classmethod
    def from_row(cls, row):
        top, base = float(row["top_m"]), float(row["base_m"])
        if base <= top:
            raise ValueError(f"base {base} not below top {top}")
        return cls(row["bh_id"].strip(), top, base, row["lithology"].strip().upper())

    def to_json(self):
        return {"borehole": self.bh_id, "top_m": self.top, "base_m": self.base,
                "lithology": self.lith}


def read_intervals(source):
    fh = sys.stdin if source == "-" else open(source, newline="", encoding="utf-8")
    good, bad = [], 0
    with fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                good.append(Interval.from_row(row))
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
                bad += 1
    return good, bad


def post_batch(batch, batch_id, key, timeout):
    body = json.dumps({"batch": batch_id, "intervals": [i.to_json() for i in batch]}).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "Authorization": f"Bearer {key}",
    })
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code < 500:
                raise
            log.warning("server error %d, retrying", exc.code)
        except urllib.error.URLError as exc:
            log.warning("network error %s, retrying", exc.reason)
        time.sleep(2 ** attempt)
    raise RuntimeError("API unavailable after 3 attempts")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("source", help="CSV file, or - for stdin")
    ap.add_argument("--batch-size", type=int, default=200)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--out", default="./out")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    key = os.environ.get("SURVEY_API_KEY")
    if not key:
        log.error("SURVEY_API_KEY is not set")
        return 2
    intervals, bad = read_intervals(args.source)
    if not intervals:
        log.error("no valid intervals (%d rejected)", bad)
        return 1

    batch_id = uuid.uuid4().hex[:12]
    accepted = 0
    try:
        for i in range(0, len(intervals), args.batch_size):
            result = post_batch(intervals[i:i + args.batch_size], batch_id, key, args.timeout)
            accepted += int(result.get("accepted", 0))
    except (urllib.error.HTTPError, RuntimeError) as exc:
        log.error("push failed: %s", exc)
        return 1

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "last_push.json"), "w") as fh:
        json.dump({"batch": batch_id, "sent": len(intervals), "accepted": accepted,
                   "rejected_locally": bad}, fh, indent=2)
    with open(os.path.join(args.out, "batch.env"), "w") as fh:
        fh.write(f"BATCH_ID={batch_id}\nBATCH_ACCEPTED={accepted}\n")
    log.info("batch %s: %d sent, %d accepted, %d rejected locally",
             batch_id, len(intervals), accepted, bad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
