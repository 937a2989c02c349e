#!/usr/bin/env python3
"""Upload a bridge session's pair results to the county league service.

Reads the scorer's CSV export (one row per pair: section, pair number,
direction, names, matchpoints, percentage), validates it, and posts it to
the league API as a single session document. The API key comes from
LEAGUE_API_KEY.
"""
import argparse
import csv
import json
import logging
import os
import platform
import sys
import time

import requests

LOG = logging.getLogger("results-push")
API_ROOT = os.environ.get("LEAGUE_API_ROOT", "https://api.countybridge-league.org/v1")
CLIENT_VERSION = "2.4.1"

REQUIRED = ("section", "pair", "direction", "player1", "player2", "mp", "pct")


class SessionUploader:
    def __init__(self, api_key):
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {api_key}",
            "User-Agent": f"results-push/{CLIENT_VERSION}",
        })

    @staticmethod
    def _client_context():
        return {
            "client": CLIENT_VERSION,
            "python": platform.python_version(),
            "os": platform.system(),
        }

    def post(self, doc, retries=3):
        doc = dict(doc, client_context=self._client_context())
        url = f"{API_ROOT}/sessions"
        for attempt in range(1, retries + 1):
            try:
                resp = self.http.post(url, json=doc, timeout=20)
                if resp.status_code == 409:
                    LOG.warning("session already uploaded: %s", doc["session_id"])
                    return resp.json()
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                LOG.warning("upload attempt %d failed: %s", attempt, exc)
                time.sleep(2 ** attempt)
        raise RuntimeError("could not upload session after retries")


def read_results(path):
    rows = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"missing columns: {', '.join(missing)}")
        for n, row in enumerate(reader, start=2):
            try:
                rows.append({
                    "section": row["section"].strip().upper(),
                    "pair": int(row["pair"]),
                    "direction": row["direction"].strip().upper()[:2],
                    "players": [row["player1"].strip(), row["player2"].strip()],
                    "matchpoints": float(row["mp"]),
                    "percentage": round(float(row["pct"]), 2),
                })
            except (ValueError, KeyError) as exc:
                raise ValueError(f"line {n}: {exc}") from exc
    return rows


def build_document(rows, club, event, date):
    for sec in sorted({r["section"] for r in rows}):
        pcts = [r["percentage"] for r in rows if r["section"] == sec]
        LOG.info("section %s: %d pairs, top %.2f%%", sec, len(pcts), max(pcts))
    return {
        "session_id": f"{club}-{date}-{event}".lower().replace(" ", "-"),
        "club": club,
        "event": event,
        "date": date,
        "pairs": rows,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", help="scorer CSV export")
    ap.add_argument("--club", required=True)
    ap.add_argument("--event", default="pairs")
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    api_key = os.environ.get("LEAGUE_API_KEY")
    if not api_key and not args.dry_run:
        LOG.error("LEAGUE_API_KEY is not set")
        return 2
    try:
        rows = read_results(args.results)
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.results, exc)
        return 1
    doc = build_document(rows, args.club, args.event, args.date)
    if args.dry_run:
        json.dump(doc, sys.stdout, indent=2)
        return 0
    result = SessionUploader(api_key).post(doc)
    LOG.info("uploaded session %s -> %s", doc["session_id"], result.get("url", "ok"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
