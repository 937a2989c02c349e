#!/usr/bin/env python3
"""Submit daily forecast verification scores to the verification service.

Reads the per-station verification pairs produced by the nightly
verification job (forecast vs. observation for 2 m temperature, 10 m wind
and 24 h precipitation), aggregates RMSE, bias and hit rates per lead time,
and posts the aggregate to the verification service's API. The API key is
taken from VERIF_API_KEY and is only ever sent to that service.

Usage:
    VERIF_API_KEY=... prog220c_submit_verification_scores.py pairs.csv --model regional-2p2
"""

import argparse
import csv
import json
import logging
import math
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict

API_URL = "https://verif.example.org/api/v2/scores"

log = logging.getLogger("verif_submit")


class LeadTimeScores:
    def __init__(self):
        self.n = 0
        self.sq_err = 0.0
        self.err = 0.0
        self.hits = 0
        self.events = 0

    def add(self, fc, obs, threshold=None):
        diff = fc - obs
        self.n += 1
        self.err += diff
        self.sq_err += diff * diff
        if threshold is not None and obs >= threshold:
            self.events += 1
            if fc >= threshold:
                self.hits += 1

    def result(self):
        if not self.n:
            return None
        out = {"n": self.n, "bias": round(self.err / self.n, 3),
               "rmse": round(math.sqrt(self.sq_err / self.n), 3)}
        if self.events:
            out["hit_rate"] = round(self.hits / self.events, 3)
        return out


THRESHOLDS = {"t2m": None, "wind10m": 10.8, "precip24h": 1.0}


def aggregate(path):
    scores = defaultdict(lambda: defaultdict(LeadTimeScores))
    bad = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                var = row["variable"]
                lead = int(row["lead_h"])
                scores[var][lead].add(float(row["forecast"]), float(row["observed"]),
                                      THRESHOLDS.get(var))
            except (KeyError, ValueError):
                bad += 1
    if bad:
        log.warning("%d malformed rows skipped", bad)
    return {var: {str(lead): s.result() for lead, s in sorted(leads.items())}
            for var, leads in scores.items()}


def submit(payload, api_key, timeout):
    req = urllib.request.Request(
        API_URL, data=json.dumps(payload).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {api_key}"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, json.loads(resp.read() or b"{}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pairs")
    ap.add_argument("--model", required=True)
    ap.add_argument("--date", help="verification date YYYY-MM-DD")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    try:
        scores = aggregate(args.pairs)
    except FileNotFoundError:
        log.error("pairs file %s not found", args.pairs)
        return 1
    payload = {"model": args.model, "date": args.date, "scores": scores}

    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    api_key = os.environ.get("VERIF_API_KEY")
    if not api_key:
        log.error("VERIF_API_KEY is not set")
        return 2
    try:
        status, body = submit(payload, api_key, args.timeout)
    except urllib.error.HTTPError as exc:
        log.error("verification service rejected submission: HTTP %s", exc.code)
        return 1
    except urllib.error.URLError as exc:
        log.error("verification service unreachable: %s", exc.reason)
        return 1
    log.info("submitted %d variable(s) for %s: HTTP %s, id %s",
             len(scores), args.model, status, body.get("id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
