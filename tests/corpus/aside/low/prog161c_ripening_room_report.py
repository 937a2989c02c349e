#!/usr/bin/env python3
"""Summarise temperature and humidity logs from the ripening rooms into a
self-contained HTML page for the weekly quality meeting."""

import argparse
import base64
import csv
import hashlib
import html
import json
import logging
import statistics
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("ripening_report")

CACHE_DIR = Path(".report_cache")
LIMITS = {"temp_c": (10.0, 14.0), "rh_pct": (85.0, 95.0)}


def cache_key(path):
    stat = path.stat()
    raw = f"{path.resolve()}:{stat.st_size}:{stat.st_mtime_ns}".encode()
    return hashlib.md5(raw).hexdigest()


def summarise_file(path):
    key = cache_key(path)
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists():
        return json.loads(cached.read_text())
    values = defaultdict(list)
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            for field in LIMITS:
                try:
                    values[field].append(float(row[field]))
                except (KeyError, ValueError):
                    continue
    summary = {}
    for field, series in values.items():
        low, high = LIMITS[field]
        summary[field] = {
            "min": min(series), "max": max(series),
            "mean": round(statistics.fmean(series), 2),
            "out_of_range": sum(1 for v in series if v < low or v > high),
            "n": len(series),
        }
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(summary))
    return summary


def embed_csv(path):
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<a download="{html.escape(path.name)}" href="data:text/csv;base64,{data}">raw data</a>'


def render(rooms):
    rows = []
    for room, (path, summary) in sorted(rooms.items()):
        cells = [f"<td>{html.escape(room)}</td>"]
        for field in LIMITS:
            s = summary.get(field)
            if not s:
                cells.append("<td colspan='2'>no data</td>")
                continue
            cls = "bad" if s["out_of_range"] else "ok"
            cells.append(f"<td>{s['min']} / {s['mean']} / {s['max']}</td>")
            cells.append(f"<td class='{cls}'>{s['out_of_range']} of {s['n']}</td>")
        cells.append(f"<td>{embed_csv(path)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (
        "<html><head><meta charset='utf-8'><title>Ripening rooms</title>"
        "<style>.bad{color:#b00}.ok{color:#070}td{padding:4px 8px}</style></head><body>"
        "<h1>Ripening rooms</h1><table><tr><th>Room</th><th>Temp min/mean/max</th>"
        "<th>Temp out of range</th><th>RH min/mean/max</th><th>RH out of range</th><th></th></tr>"
        + "".join(rows) + "</table></body></html>"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("log_dir", type=Path, help="directory with room_*.csv logs")
    parser.add_argument("--out", type=Path, default=Path("ripening_report.html"))
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE_DIR.is_dir():
        for entry in CACHE_DIR.glob("*.json"):
            entry.unlink()
        log.info("cache cleared")

    rooms = {}
    for path in sorted(args.log_dir.glob("room_*.csv")):
        summary = summarise_file(path)
        rooms[path.stem.replace("room_", "")] = (path, summary)
    if not rooms:
        raise SystemExit(f"no room logs in {args.log_dir}")
    args.out.write_text(render(rooms), encoding="utf-8")
    log.info("report for %d rooms written to %s", len(rooms), args.out)


if __name__ == "__main__":
    main()
