#!/usr/bin/env python3
"""Fetch the public weekly leaderboard of a speedrun-style game API and
store a CSV snapshot in the working directory for the community newsletter."""
import argparse
import csv
import datetime as dt
import json
import os
import sys
import urllib.parse
import urllib.request

API_BASE = "https://www.speedrun.com/api/v1"
USER_AGENT = "community-leaderboard-snapshot/1.2"


def fetch_json(url, timeout=15):
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.load(resp)


def leaderboard_url(game, category, top):
    game_q = urllib.parse.quote(game)
    cat_q = urllib.parse.quote(category)
    return f"{API_BASE}/leaderboards/{game_q}/category/{cat_q}?top={int(top)}&embed=players"


def format_time(seconds):
    seconds = float(seconds)
    minutes, sec = divmod(seconds, 60)
    hours, minutes = divmod(int(minutes), 60)
    if hours:
        return f"{hours}:{minutes:02d}:{sec:06.3f}"
    return f"{minutes}:{sec:06.3f}"


def extract_rows(payload):
    data = payload.get("data", {})
    players = {}
    for p in data.get("players", {}).get("data", []):
        pid = p.get("id")
        name = (p.get("names") or {}).get("international") or p.get("name") or "?"
        if pid:
            players[pid] = name
    rows = []
    for entry in data.get("runs", []):
        run = entry.get("run", {})
        runner_ids = [r.get("id") or r.get("name") for r in run.get("players", [])]
        names = ", ".join(players.get(r, r or "?") for r in runner_ids)
        rows.append({
            "place": entry.get("place"),
            "runners": names,
            "time": format_time(run.get("times", {}).get("primary_t", 0)),
            "date": run.get("date") or "",
            "video": ((run.get("videos") or {}).get("links") or [{}])[0].get("uri", ""),
        })
    return rows


def write_csv(rows, out_dir, game, category):
    os.makedirs(out_dir, exist_ok=True)
    stamp = dt.date.today().isoformat()
    path = os.path.join(out_dir, f"{game}_{category}_{stamp}.csv")
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["place", "runners", "time", "date", "video"])
        writer.writeheader()
        writer.writerows(rows)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game", help="game abbreviation, e.g. sm64")
    ap.add_argument("category", help="category id or slug")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--out", default="snapshots")
    args = ap.parse_args()

    url = leaderboard_url(args.game, args.category, args.top)
    try:
        payload = fetch_json(url)
    except Exception as exc:  # network problems are reported, not fatal
        print(f"could not fetch leaderboard: {exc}", file=sys.stderr)
        return 1
    rows = extract_rows(payload)
    if not rows:
        print("leaderboard is empty")
        return 0
    path = write_csv(rows, args.out, args.game, args.category)
    for row in rows[:10]:
        print(f"{row['place']:>3}  {row['time']:>12}  {row['runners']}")
    print(f"wrote {len(rows)} rows to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
