#!/usr/bin/env python3
"""Submit finished match results from the local results folder to the
community leaderboard API. The API key comes from LEADERBOARD_API_KEY and is
sent only to the leaderboard API."""
import json
import os
import pathlib
import sys

import requests

API_URL = "https://api.arena-ladder.example.com/v2"
RESULTS_DIR = pathlib.Path("results")
SENT_DIR = RESULTS_DIR / "sent"


def load_results():
    for path in sorted(RESULTS_DIR.glob("match_*.json")):
        try:
            with path.open(encoding="utf-8") as fh:
                yield path, json.load(fh)
        except json.JSONDecodeError as exc:
            print(f"skipping {path.name}: {exc}", file=sys.stderr)


def validate(match):
    required = {"match_id", "map", "duration", "players"}
    missing = required - match.keys()
    if missing:
        return f"missing fields: {', '.join(sorted(missing))}"
    for p in match["players"]:
        if "name" not in p or "score" not in p:
            return "player entry without name/score"
    return None


def to_payload(match):
    return {
        "match_id": match["match_id"],
        "map": match["map"],
        "duration_s": int(match["duration"]),
        "scores": [
            {"player": p["name"], "score": int(p["score"]), "kills": int(p.get("kills", 0))}
            for p in match["players"]
        ],
    }


def submit(session, payload):
    resp = session.post(f"{API_URL}/matches", json=payload, timeout=15)
    if resp.status_code == 409:
        return "duplicate"
    resp.raise_for_status()
    return "ok"


def main():
    api_key = os.environ.get("LEADERBOARD_API_KEY")
    if not api_key:
        print("set LEADERBOARD_API_KEY first", file=sys.stderr)
        return 2
    if not RESULTS_DIR.is_dir():
        print("no results directory; nothing to do")
        return 0
    SENT_DIR.mkdir(exist_ok=True)
    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "User-Agent": "ladder-submit/0.4"})

    sent = failed = 0
    for path, match in load_results():
        problem = validate(match)
        if problem:
            print(f"{path.name}: {problem}")
            failed += 1
            continue
        try:
            status = submit(session, to_payload(match))
        except requests.RequestException as exc:
            print(f"{path.name}: upload failed ({exc})")
            failed += 1
            continue
        path.rename(SENT_DIR / path.name)
        sent += 1
        print(f"{path.name}: {status}")
    print(f"submitted {sent}, failed {failed}")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
