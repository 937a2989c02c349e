#!/usr/bin/env python3
"""Render the seating chart for a performance and serve it for preview.

Front-of-house staff check the seat map on their phones during the walk
round, so this renders ./preview/index.html from the seat CSV and starts a
small web server on the box office PC for the duration of the check.
"""
import argparse
import csv
import html
import logging
import os
import subprocess
import sys
from collections import defaultdict

LOG = logging.getLogger("seating-preview")
PREVIEW_DIR = "preview"
SERVE_SCRIPT = "preview_serve.sh"

COLOURS = {"sold": "#c0392b", "held": "#f39c12", "free": "#27ae60", "wheelchair": "#2980b9"}


class SeatMap:
    def __init__(self):
        self.rows = defaultdict(list)

    def load(self, path):
        with open(path, newline="") as fh:
            for rec in csv.DictReader(fh):
                try:
                    self.rows[rec["row"]].append((int(rec["number"]), rec.get("status", "free")))
                except (KeyError, ValueError):
                    LOG.warning("skipping bad seat record %r", rec)
        for seats in self.rows.values():
            seats.sort()
        LOG.info("loaded %d rows", len(self.rows))

    def render(self, title):
        parts = [f"<html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
                 "<style>td{width:18px;height:18px;font-size:9px;text-align:center}</style>",
                 f"</head><body><h2>{html.escape(title)}</h2><table>"]
        for row in sorted(self.rows):
            cells = "".join(
                f"<td style='background:{COLOURS.get(st, '#999')}'>{num}</td>"
                for num, st in self.rows[row])
            parts.append(f"<tr><th>{html.escape(row)}</th>{cells}</tr>")
        parts.append("</table></body></html>")
        return "\n".join(parts)


def write_preview(seatmap, title):
    os.makedirs(PREVIEW_DIR, exist_ok=True)
    with open(os.path.join(PREVIEW_DIR, "index.html"), "w") as fh:
        fh.write(seatmap.render(title))


def write_serve_script(port):
    with open(SERVE_SCRIPT, "w") as fh:
        fh.write("#!/bin/bash\n")
        fh.write(f'echo "seat map on port {port} — Ctrl-C to stop"\n')
        fh.write(f'exec python3 -m http.server {port} --bind 0.0.0.0 --directory "{PREVIEW_DIR}"\n')
    os.chmod(SERVE_SCRIPT, 0o755)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Render and serve a seating chart preview")
    p.add_argument("seats_csv")
    p.add_argument("--title", default="Main house — seat map")
    p.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8080")))
    p.add_argument("--render-only", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    seatmap = SeatMap()
    try:
        seatmap.load(args.seats_csv)
    except OSError as exc:
        LOG.error("cannot read seats: %s", exc)
        return 1
    write_preview(seatmap, args.title)
    if args.render_only:
        LOG.info("rendered %s/index.html", PREVIEW_DIR)
        return 0
    write_serve_script(args.port)
    try:
        return subprocess.call(["bash", SERVE_SCRIPT])
    except KeyboardInterrupt:
        LOG.info("preview stopped")
        return 0


if __name__ == "__main__":
    sys.exit(main())
