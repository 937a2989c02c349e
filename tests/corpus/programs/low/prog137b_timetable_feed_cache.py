#!/usr/bin/env python3
"""Fetch the association's class timetable feed and build the lobby page.

Downloads the iCal feeds for each instructor, caches them locally keyed by
URL, and writes lobby.html with the club logo embedded inline so the lobby
screen doesn't need network access to render it.
"""
import argparse
import base64
import hashlib
import html
import logging
import os
import re
import tempfile
import time
from pathlib import Path
from urllib.request import Request, urlopen

log = logging.getLogger("feed_cache")

CACHE_DIR = Path(".feed_cache")
MAX_AGE = 30 * 60  # seconds

FEEDS = {
    "Sensei Mori": "https://calendar.example.com/feeds/mori.ics",
    "Coach Alvarez": "https://calendar.example.com/feeds/alvarez.ics",
    "Open mat": "https://calendar.example.com/feeds/openmat.ics",
}


def cache_path(url):
    # md5 is fine here: it only names cache files
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".ics")


def fetch(url, timeout=15):
    path = cache_path(url)
    if path.exists() and time.time() - path.stat().st_mtime < MAX_AGE:
        return path.read_text()
    req = Request(url, headers={"User-Agent": "dojo-lobby/2.0"})
    with urlopen(req, timeout=timeout) as resp:
        text = resp.read().decode("utf-8", errors="replace")
    CACHE_DIR.mkdir(exist_ok=True)
    # write atomically so a half-downloaded feed never lands in the cache
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".part")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.replace(tmp, path)
    return text


EVENT_RE = re.compile(r"BEGIN:VEVENT(.*?)END:VEVENT", re.S)


def parse_events(ics):
    events = []
    for block in EVENT_RE.findall(ics):
        fields = dict(re.findall(r"^(SUMMARY|DTSTART)[^:]*:(.*)$", block, re.M))
        if "SUMMARY" in fields and "DTSTART" in fields:
            events.append((fields["DTSTART"].strip(), fields["SUMMARY"].strip()))
    return sorted(events)


def logo_data_uri(path):
    data = Path(path).read_bytes()
    return "data:image/png;base64," + base64.b64encode(data).decode()


def build_page(all_events, logo):
    rows = "\n".join(f"<tr><td>{start[:8]} {start[9:13]}</td><td>{html.escape(who)}</td>"
                     f"<td>{html.escape(what)}</td></tr>"
                     for start, who, what in all_events)
    img = f"<img src='{logo}' alt='club logo'>" if logo else ""
    return f"<html><body>{img}<table>{rows}</table></body></html>"


def clear_cache():
    removed = 0
    for p in CACHE_DIR.glob("*"):
        if p.suffix in {".ics", ".part"}:
            p.unlink()
            removed += 1
    log.info("removed %d cached feeds", removed)


def main():
    ap = argparse.ArgumentParser(description="Build the lobby timetable page")
    ap.add_argument("--logo", default="logo.png")
    ap.add_argument("--out", default="lobby.html")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clear_cache:
        clear_cache()
    all_events = []
    for who, url in FEEDS.items():
        try:
            ics = fetch(url)
        except OSError as exc:
            log.warning("feed for %s unavailable: %s", who, exc)
            continue
        all_events.extend((start, who, what) for start, what in parse_events(ics))
    all_events.sort()
    logo = logo_data_uri(args.logo) if Path(args.logo).exists() else ""
    Path(args.out).write_text(build_page(all_events, logo))
    log.info("wrote %s with %d events", args.out, len(all_events))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
