#!/usr/bin/env python3
"""Fetches upcoming fixtures for the club's teams from the league API and
writes a weekly digest (markdown or plain text) for the newsletter."""

import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("schedule_digest")

API_BASE = os.environ.get("LEAGUE_API", "https://api.example.com/v1")
CACHE = Path(".cache") / "fixtures"
FORMATTERS = {}


def formatter(name):
    def register(fn):
        FORMATTERS[name] = fn
        return fn
    return register


def cache_path(url):
    return CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")


def fetch_json(url, timeout, max_age):
    path = cache_path(url)
    if path.exists() and (dt.datetime.now().timestamp() - path.stat().st_mtime) < max_age:
        log.debug("cache hit for %s", url)
        return json.loads(path.read_text(encoding="utf-8"))
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    os.chmod(path, 0o600)
    return data


def upcoming(fixtures, days):
    today = dt.date.today()
    horizon = today + dt.timedelta(days=days)
    for f in fixtures:
        try:
            when = dt.date.fromisoformat(f["date"][:10])
        except (KeyError, ValueError):
            continue
        if today <= when <= horizon:
            yield when, f


@formatter("md")
def as_markdown(team, rows):
    out = [f"### {team}", "", "| Date | Opponent | Venue | Time |", "|---|---|---|---|"]
    out += [f"| {d:%a %d %b} | {f.get('opponent', '?')} | {f.get('venue', 'TBC')} "
            f"| {f.get('time', 'TBC')} |" for d, f in rows]
    return "\n".join(out) + "\n"


@formatter("txt")
def as_text(team, rows):
    out = [team.upper()]
    out += [f"  {d:%a %d %b}  vs {f.get('opponent', '?')} @ {f.get('venue', 'TBC')}"
            for d, f in rows]
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("teams", nargs="+", help="team ids, e.g. u15-boys")
    ap.add_argument("--club", default="riverside-lax")
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--format", choices=sorted(FORMATTERS), default="md")
    ap.add_argument("--out", type=Path, default=Path("digest.md"))
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--max-age", type=int, default=3600, help="cache seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    render = FORMATTERS[args.format]
    sections = []
    for team in args.teams:
        url = f"{API_BASE}/clubs/{args.club}/teams/{team}/fixtures"
        try:
            data = fetch_json(url, args.timeout, args.max_age)
        except (urllib.error.URLError, OSError, json.JSONDecodeError) as exc:
            log.error("could not fetch fixtures for %s: %s", team, exc)
            continue
        rows = sorted(upcoming(data.get("fixtures", []), args.days), key=lambda r: r[0])
        sections.append(render(team, rows) if rows else f"{team}: no games scheduled\n")
    if not sections:
        return 1
    args.out.write_text("\n".join(sections), encoding="utf-8")
    log.info("digest written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
