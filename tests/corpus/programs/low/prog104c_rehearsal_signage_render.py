#!/usr/bin/env python3
"""Rehearsal-room signage renderer.

Fetches today's schedule from the orchestra planning system and renders the
static page shown on the screens outside each rehearsal room: which ensemble
is in which room, call times and the repertoire being rehearsed.  The screen
browser simply points at the generated index.html (served by the signage
box), and the page reloads itself every few minutes.

Run from the signage working directory every 10 minutes:
    rehearsal_signage_render.py --rooms "Studio 1" "Studio 2" "Hall"
"""
import argparse
import datetime as dt
import html
import json
import logging
import os
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from string import Template

log = logging.getLogger("signage")

SCHEDULE_URL = os.environ.get("PLANNING_SCHEDULE_URL", "https://planning.orchestra.example/api/schedule/today")
OUT_DIR = Path(os.environ.get("SIGNAGE_DIR", "signage"))

PAGE = Template("""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="$refresh">
<title>Rehearsals today</title>
<style>
 body{font-family:sans-serif;background:#111;color:#eee;margin:2vw}
 h1{font-size:4vw;margin:0 0 1vw} .room{border-top:2px solid #444;padding:1vw 0}
 .room h2{font-size:3vw;margin:0;color:#f5c542} .slot{font-size:2.2vw;margin:.4vw 0}
 .time{display:inline-block;width:14vw;color:#9cf} footer{font-size:1.2vw;color:#777}
</style></head><body>
<h1>Rehearsals &middot; $date</h1>
$rooms
<footer>Updated $updated</footer>
</body></html>
""")


def fetch_schedule(url: str, timeout: int = 15) -> list[dict]:
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    return data.get("sessions", [])


def group_by_room(sessions: list[dict], rooms: list[str] | None) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for s in sorted(sessions, key=lambda s: s.get("start", "")):
        room = s.get("room", "TBC")
        if rooms and room not in rooms:
            continue
        grouped.setdefault(room, []).append(s)
    return grouped


def render_room(room: str, sessions: list[dict]) -> str:
    slots = []
    for s in sessions:
        start, end = s.get("start", "")[11:16], s.get("end", "")[11:16]
        what = html.escape(s.get("ensemble", ""))
        rep = html.escape(", ".join(s.get("repertoire", [])))
        slots.append(f'<div class="slot"><span class="time">{start}&ndash;{end}</span>'
                     f'<b>{what}</b> {rep}</div>')
    return f'<section class="room"><h2>{html.escape(room)}</h2>{"".join(slots)}</section>'


def write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".index-", suffix=".html")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def build_page(sessions: list[dict], rooms: list[str] | None, refresh: int) -> str:
    grouped = group_by_room(sessions, rooms)
    body = "\n".join(render_room(r, s) for r, s in grouped.items()) or "<p>No rehearsals scheduled.</p>"
    now = dt.datetime.now()
    return PAGE.substitute(refresh=refresh, date=now.strftime("%A %d %B"),
                           rooms=body, updated=now.strftime("%H:%M"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Render rehearsal-room signage")
    ap.add_argument("--rooms", nargs="*", help="only these rooms")
    ap.add_argument("--refresh", type=int, default=300, help="page reload seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        sessions = fetch_schedule(SCHEDULE_URL)
    except (urllib.error.URLError, json.JSONDecodeError, OSError) as exc:
        log.error("schedule unavailable, keeping previous page: %s", exc)
        return 1
    page = build_page(sessions, args.rooms, args.refresh)
    target = OUT_DIR / "index.html"
    write_atomically(target, page)
    log.info("rendered %d sessions to %s", len(sessions), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
