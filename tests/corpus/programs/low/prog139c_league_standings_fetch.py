#!/usr/bin/env python3
"""Fetch league standings and render the lobby display page.

Pulls the current standings and upcoming fixtures from the league's public
JSON feed, caches responses locally, and renders a static HTML page that the
lobby TV browser shows on a loop. Everything is written in the working
directory; --clean removes the generated build output and cache.
"""
import argparse
import hashlib
import html
import json
import logging
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import requests

LOG = logging.getLogger("standings")

FEED = "https://league.example.com/feed"
CACHE = Path("cache")
BUILD = Path("build")
CACHE_TTL = 600


def os_name():
    """Used in the User-Agent so the league can see which displays poll them."""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


def cache_path(url):
    return CACHE / (hashlib.md5(url.encode()).hexdigest() + ".json")


def get_json(session, url):
    cp = cache_path(url)
    if cp.exists() and time.time() - cp.stat().st_mtime < CACHE_TTL:
        return json.loads(cp.read_text())
    resp = session.get(url, timeout=10)
    resp.raise_for_status()
    data = resp.json()
    CACHE.mkdir(exist_ok=True)
    atomic_write(cp, json.dumps(data))
    return data


def atomic_write(path, text):
    """Write via a temp file in the same directory, then rename into place."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def render(standings, fixtures, division):
    rows = "\n".join(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td><b>{}</b></td></tr>".format(
            i + 1, html.escape(t["team"]), t["gp"], f'{t["w"]}-{t["l"]}-{t["otl"]}', t["pts"])
        for i, t in enumerate(standings)
    )
    games = "\n".join(
        "<li>{} &mdash; {} vs {}</li>".format(
            html.escape(g["when"]), html.escape(g["home"]), html.escape(g["away"]))
        for g in fixtures[:6]
    )
    return f"""<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="300"><title>{html.escape(division)}</title>
<link rel="stylesheet" href="lobby.css"></head><body>
<h1>{html.escape(division)} standings</h1>
<table><tr><th>#</th><th>Team</th><th>GP</th><th>W-L-OTL</th><th>PTS</th></tr>
{rows}</table><h2>Coming up</h2><ul>{games}</ul></body></html>"""


def main():
    ap = argparse.ArgumentParser(description="Render lobby standings page")
    ap.add_argument("--division", default="Adult Rec A")
    ap.add_argument("--clean", action="store_true", help="remove build/ and cache/ and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clean:
        for d in (BUILD, CACHE):
            shutil.rmtree(d, ignore_errors=True)
        LOG.info("cleaned build and cache")
        return 0

    session = requests.Session()
    session.headers["User-Agent"] = f"rink-lobby/1.0 ({os_name()})"
    try:
        # cheap availability check before pulling the full feed
        session.head(FEED, timeout=5).raise_for_status()
        slug = args.division.lower().replace(" ", "-")
        standings = get_json(session, f"{FEED}/standings/{slug}.json")["teams"]
        fixtures = get_json(session, f"{FEED}/fixtures/{slug}.json")["games"]
    except (requests.RequestException, KeyError, ValueError) as exc:
        LOG.error("feed unavailable, keeping previous page: %s", exc)
        return 1

    BUILD.mkdir(exist_ok=True)
    atomic_write(BUILD / "index.html", render(standings, fixtures, args.division))
    LOG.info("rendered %d teams, %d fixtures", len(standings), len(fixtures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
