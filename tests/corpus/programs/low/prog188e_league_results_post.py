#!/usr/bin/env python3
"""Post the evening's league results to the county league API.

Reads the match sheet JSON the captain filled in on the desk PC, checks
the league's current fixture list, and submits the result. The API key
comes from the environment and is only ever sent to the league API.
"""
import argparse
import asyncio
import json
import logging
import os
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("league_results_post")

LEAGUE_API = os.environ.get("LEAGUE_API", "https://api.county-league.example.org/v2")


@dataclass
class Result:
    fixture_id: str
    home_frames: int
    away_frames: int
    highest_break: int
    break_by: str


def _headers():
    key = os.environ.get("LEAGUE_API_KEY")
    if not key:
        raise SystemExit("LEAGUE_API_KEY not set")
    return {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}


def get_json(path):
    req = urllib.request.Request(f"{LEAGUE_API}{path}", headers=_headers())
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def post_json(path, doc):
    req = urllib.request.Request(f"{LEAGUE_API}{path}", data=json.dumps(doc).encode(),
                                 headers=_headers(), method="POST")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status, json.load(resp)


def load_sheet(path):
    raw = json.loads(Path(path).read_text())
    return [Result(**r) for r in raw["results"]]


async def submit_all(results, dry_run):
    loop = asyncio.get_running_loop()
    fixtures = await loop.run_in_executor(None, get_json, "/fixtures?status=open")
    open_ids = {f["id"] for f in fixtures.get("items", [])}
    outcomes = {}
    for r in results:
        if r.fixture_id not in open_ids:
            outcomes[r.fixture_id] = "not open"
            continue
        if dry_run:
            outcomes[r.fixture_id] = "dry-run"
            continue
        status, body = await loop.run_in_executor(None, post_json, f"/fixtures/{r.fixture_id}/result", asdict(r))
        outcomes[r.fixture_id] = f"{status} {body.get('state', '')}"
    return outcomes


def main():
    ap = argparse.ArgumentParser(description="submit league results")
    ap.add_argument("sheet", type=Path, nargs="?", default=Path("match_sheet.json"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    outcomes = asyncio.run(submit_all(load_sheet(args.sheet), args.dry_run))
    for fid, state in outcomes.items():
        log.info("%-12s %s", fid, state)


if __name__ == "__main__":
    main()
