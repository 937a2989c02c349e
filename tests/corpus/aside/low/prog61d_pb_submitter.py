#!/usr/bin/env python3
"""Submit a personal-best run from a LiveSplit-style JSON export.

The API key is read from SPLITBOARD_API_KEY and is only sent to the
leaderboard API in the X-API-Key header.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

import requests

API_ROOT = "https://www.speedrun.com/api/v1"
log = logging.getLogger("pbsubmit")


def parse_time(text: str) -> float:
    """Convert 'H:MM:SS.mmm' or 'MM:SS.mmm' to seconds."""
    parts = [float(p) for p in text.split(":")]
    secs = 0.0
    for p in parts:
        secs = secs * 60 + p
    return secs


def load_run(path: Path) -> dict:
    data = json.loads(path.read_text(encoding="utf-8"))
    best = min(data["attempts"], key=lambda a: parse_time(a["final"]))
    return {
        "category": data["category_id"],
        "platform": data.get("platform_id"),
        "realtime": parse_time(best["final"]),
        "date": best["date"],
        "video": best.get("video"),
        "comment": best.get("comment", ""),
    }


class Leaderboard:
    def __init__(self, key: str, timeout: float = 15.0):
        self.session = requests.Session()
        self.session.headers.update({"X-API-Key": key,
                                     "User-Agent": "pb-submitter/0.4"})
        self.timeout = timeout

    def category_name(self, cat_id: str) -> str:
        r = self.session.get(f"{API_ROOT}/categories/{cat_id}", timeout=self.timeout)
        r.raise_for_status()
        return r.json()["data"]["name"]

    def submit(self, run: dict) -> str:
        body = {"run": {
            "category": run["category"],
            "platform": run["platform"],
            "date": run["date"],
            "verified": False,
            "times": {"realtime": run["realtime"]},
            "video": run["video"],
            "comment": run["comment"],
        }}
        r = self.session.post(f"{API_ROOT}/runs", json=body, timeout=self.timeout)
        if r.status_code >= 400:
            log.error("API said %s: %s", r.status_code, r.text[:300])
            r.raise_for_status()
        return r.json()["data"]["weblink"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("export", type=Path, help="splits export, e.g. ./splits.json")
    ap.add_argument("--yes", action="store_true", help="skip confirmation")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    key = os.environ.get("SPLITBOARD_API_KEY")
    if not key:
        log.error("set SPLITBOARD_API_KEY first")
        return 1
    run = load_run(args.export)
    board = Leaderboard(key)
    name = board.category_name(run["category"])
    log.info("best run: %.3fs in %s on %s", run["realtime"], name, run["date"])
    if not args.yes and input("submit? [y/N] ").strip().lower() != "y":
        return 0
    try:
        link = board.submit(run)
    except requests.RequestException as exc:
        log.error("submission failed: %s", exc)
        return 1
    log.info("submitted: %s", link)
    return 0


if __name__ == "__main__":
    sys.exit(main())
