#!/usr/bin/env python3
"""Upload unofficial precinct results from the central tabulator export.

Reads the CSV export produced by the tabulation workstation (one row per
precinct/contest/choice), checks that contest totals reconcile with the
ballots-cast counts, signs the payload with the county's HMAC key and posts
it to the state election-night reporting API.
"""

import argparse
import csv
import datetime as dt
import hashlib
import hmac
import json
import logging
import os
import sys
from collections import defaultdict

import requests

log = logging.getLogger("results-push")

API_BASE = os.environ.get("ENR_API_BASE", "https://enr.sos.example.gov/api/v1")


class ResultsSigner:
    """Detached HMAC-SHA256 signature over the canonical JSON body."""

    def __init__(self, key):
        self.key = key.encode()

    def sign(self, body):
        msg = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
        return hmac.new(self.key, msg, hashlib.sha256).hexdigest()


def read_export(path):
    contests = defaultdict(lambda: defaultdict(dict))
    ballots_cast = {}
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            pct = row["PrecinctCode"].strip()
            if row["Contest"] == "__BALLOTS_CAST__":
                ballots_cast[pct] = int(row["Votes"])
                continue
            contests[row["Contest"]][pct][row["Choice"]] = int(row["Votes"])
    return contests, ballots_cast


def reconcile(contests, ballots_cast, vote_for):
    problems = []
    for contest, precincts in contests.items():
        limit = vote_for.get(contest, 1)
        for pct, choices in precincts.items():
            total = sum(v for k, v in choices.items() if k not in ("Undervotes", "Overvotes"))
            cast = ballots_cast.get(pct)
            if cast is None:
                problems.append(f"{pct}: no ballots-cast row")
            elif total > cast * limit:
                problems.append(f"{contest}/{pct}: {total} votes > {cast} x {limit}")
    return problems


def build_payload(county, contests, ballots_cast, report_no):
    return {
        "county": county,
        "report": report_no,
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
        "ballots_cast": ballots_cast,
        "contests": {c: {p: dict(ch) for p, ch in pcts.items()} for c, pcts in contests.items()},
    }


def upload(payload, signer, api_key, dry_run=False):
    headers = {
        "X-Api-Key": api_key,
        "X-Signature": signer.sign(payload),
        "Content-Type": "application/json",
    }
    url = f"{API_BASE}/counties/{payload['county']}/results"
    if dry_run:
        log.info("dry run: would POST %d contests to %s", len(payload["contests"]), url)
        return None
    resp = requests.post(url, json=payload, headers=headers, timeout=30)
    if resp.status_code == 409:
        log.warning("report %s already accepted", payload["report"])
        return resp.json()
    resp.raise_for_status()
    return resp.json()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export_csv")
    ap.add_argument("--county", required=True)
    ap.add_argument("--report", type=int, required=True, help="report sequence number")
    ap.add_argument("--vote-for", default="vote_for.json",
                    help="JSON map of contest -> number of seats")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--force", action="store_true", help="upload even if reconciliation fails")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("ENR_API_KEY")
    hmac_key = os.environ.get("ENR_HMAC_KEY")
    if not (api_key and hmac_key):
        log.error("ENR_API_KEY and ENR_HMAC_KEY must be set")
        return 2

    vote_for = {}
    if os.path.exists(args.vote_for):
        with open(args.vote_for) as fh:
            vote_for = json.load(fh)

    contests, ballots_cast = read_export(args.export_csv)
    problems = reconcile(contests, ballots_cast, vote_for)
    for p in problems:
        log.warning("reconcile: %s", p)
    if problems and not args.force:
        log.error("%d reconciliation problems; not uploading", len(problems))
        return 1

    payload = build_payload(args.county, contests, ballots_cast, args.report)
    try:
        result = upload(payload, ResultsSigner(hmac_key), api_key, args.dry_run)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    if result:
        log.info("accepted: receipt %s", result.get("receipt"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
