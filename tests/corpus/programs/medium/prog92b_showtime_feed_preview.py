#!/usr/bin/env python3
"""Build and preview the showtime feed for the website widget and signage.

Reads the TMS schedule export (schedule.csv: screen,title,rating,start,
runtime_min,format), writes showtimes.json plus a plain HTML listing into
./public, and serves that folder so the lobby screens and the marketing team
can check the day's listing before it goes live.
"""

import argparse
import csv
import functools
import html
import http.server
import json
import logging
import os
import sys
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("showtimes")

OUT_DIR = Path("public")
CLEANING_MIN = 15


def read_schedule(path, day):
    shows = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                start = datetime.fromisoformat(row["start"])
                runtime = int(row["runtime_min"])
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)
                continue
            if start.date() != day:
                continue
            shows.append({
                "screen": row["screen"].strip(),
                "title": row["title"].strip(),
                "rating": row.get("rating", "").strip(),
                "format": row.get("format", "2D").strip() or "2D",
                "start": start.isoformat(timespec="minutes"),
                "end": (start + timedelta(minutes=runtime)).isoformat(timespec="minutes"),
            })
    shows.sort(key=lambda s: (s["start"], s["screen"]))
    return shows


def check_turnarounds(shows):
    by_screen = defaultdict(list)
    for s in shows:
        by_screen[s["screen"]].append(s)
    for screen, items in by_screen.items():
        for a, b in zip(items, items[1:]):
            gap = datetime.fromisoformat(b["start"]) - datetime.fromisoformat(a["end"])
            if gap < timedelta(minutes=CLEANING_MIN):
                log.warning("screen %s: only %s between %s and %s", screen, gap, a["title"], b["title"])


def render_html(shows, day, site_name):
    by_title = defaultdict(list)
    for s in shows:
        by_title[(s["title"], s["rating"])].append(s)
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(site_name)} - {day:%A %d %B}</title>",
        '<meta http-equiv="refresh" content="300"></head><body>',
        f"<h1>{html.escape(site_name)}</h1><h2>{day:%A %d %B}</h2>",
    ]
    for (title, rating), items in sorted(by_title.items()):
        times = " ".join(
            f'<span class="t">{s["start"][11:]} <small>{html.escape(s["format"])}</small></span>'
            for s in items
        )
        out.append(f'<section><h3>{html.escape(title)} <em>{html.escape(rating)}</em></h3><p>{times}</p></section>')
    out.append("</body></html>")
    return "\n".join(out)


def write_feed(out_dir, shows, day, site_name):
    out_dir.mkdir(parents=True, exist_ok=True)
    feed = {"site": site_name, "date": day.isoformat(), "generated": datetime.now().isoformat(), "shows": shows}
    targets = {
        out_dir / "showtimes.json": json.dumps(feed, indent=2),
        out_dir / "index.html": render_html(shows, day, site_name),
    }
    for path, text in targets.items():
        tmp = path.with_suffix(path.suffix + ".new")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        log.info("wrote %s (%d bytes)", path, len(text))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def serve(directory, bind, port):
    handler = functools.partial(QuietHandler, directory=str(directory))
    with http.server.ThreadingHTTPServer((bind, port), handler) as httpd:
        log.info("preview at http://%s:%d/ (Ctrl-C to stop)", bind, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("preview stopped")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("schedule", nargs="?", default="schedule.csv")
    ap.add_argument("--date", type=lambda s: datetime.strptime(s, "%Y-%m-%d").date(),
                    default=datetime.now().date())
    ap.add_argument("--site-name", default=os.environ.get("SITE_NAME", "Riverside Cinema"))
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--no-serve", dest="serve", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        shows = read_schedule(args.schedule, args.date)
    except OSError as exc:
        log.error("cannot read schedule: %s", exc)
        return 2
    if not shows:
        log.error("no shows for %s in %s", args.date, args.schedule)
        return 1
    check_turnarounds(shows)

    write_feed(OUT_DIR, shows, args.date, args.site_name)
    log.info("%d shows built for %s", len(shows), args.date)
    if args.serve:
        serve(OUT_DIR, args.bind, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
