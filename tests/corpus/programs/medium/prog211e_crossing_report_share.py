#!/usr/bin/env python3
"""Build the weekly crossing reports and share them with the landings.

Parses the crossing logs into per-landing HTML reports, caches the parsed
logs between runs, and serves the report folder so landing staff can open
the reports from their own machines.
"""
import argparse
import csv
import glob
import html
import logging
import os
import pickle
import subprocess
import sys
from collections import defaultdict

CACHE = "crossings.cache"
log = logging.getLogger("report_share")

SERVE_SCRIPT = """#!/usr/bin/env bash
cd "$REPORT_DIR"
echo "serving $REPORT_DIR on port $REPORT_PORT"
exec python3 -m http.server "$REPORT_PORT" --bind 0.0.0.0
"""


def load_cache(path):
    if os.path.exists(path):
        with open(path, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(path, data):
    with open(path, "wb") as fh:
        pickle.dump(data, fh)


def parse_logs(log_dir, cache):
    for path in sorted(glob.glob(os.path.join(log_dir, "*.csv"))):
        mtime = os.path.getmtime(path)
        if path in cache and cache[path]["mtime"] == mtime:
            continue
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        cache[path] = {"mtime": mtime, "rows": rows}
        log.info("parsed %s (%d rows)", path, len(rows))
    return cache


def build_reports(cache, out_dir):
    per_landing = defaultdict(lambda: {"crossings": 0, "passengers": 0, "vehicles": 0})
    for entry in cache.values():
        for row in entry["rows"]:
            stats = per_landing[row.get("origin", "unknown")]
            stats["crossings"] += 1
            stats["passengers"] += int(row.get("passengers") or 0)
            stats["vehicles"] += int(row.get("vehicles") or 0)
    os.makedirs(out_dir, exist_ok=True)
    items = []
    for landing, stats in sorted(per_landing.items()):
        name = f"{landing.replace(' ', '_').lower()}.html"
        with open(os.path.join(out_dir, name), "w", encoding="utf-8") as fh:
            fh.write(f"<h1>{html.escape(landing)}</h1><ul>")
            for key, value in stats.items():
                fh.write(f"<li>{key}: {value}</li>")
            fh.write("</ul>")
        items.append(f'<li><a href="{name}">{html.escape(landing)}</a></li>')
    with open(os.path.join(out_dir, "index.html"), "w", encoding="utf-8") as fh:
        fh.write("<h1>Crossing reports</h1><ul>" + "".join(items) + "</ul>")
    return len(items)


def serve(out_dir, port):
    env = dict(os.environ, REPORT_DIR=os.path.abspath(out_dir), REPORT_PORT=str(port))
    try:
        subprocess.run(["bash", "-c", SERVE_SCRIPT], env=env, check=True)
    except KeyboardInterrupt:
        log.info("sharing stopped")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("logs", help="folder of crossing log CSV files")
    parser.add_argument("--out", default="reports")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cache = parse_logs(args.logs, load_cache(CACHE))
    except (OSError, pickle.UnpicklingError) as exc:
        log.error("could not read logs: %s", exc)
        return 1
    save_cache(CACHE, cache)
    count = build_reports(cache, args.out)
    log.info("built %d landing reports in %s", count, args.out)
    if not args.no_serve:
        serve(args.out, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
