#!/usr/bin/env python3
"""Publish the laser-cutter usage reports on the makerspace LAN.

Builds a per-month summary page from laser_jobs.csv (minutes and cost per
member and per material) into the reports folder, then serves that folder
so members can check their laser time from the shop tablet or their
laptop.  Rebuilds the pages every few minutes while running.
"""

import argparse
import csv
import functools
import html
import logging
import os
import sys
import threading
from collections import defaultdict
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("laser-reports")


def summarize(csv_path, rate):
    months = defaultdict(lambda: {"members": defaultdict(float), "materials": defaultdict(float)})
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "done") != "done":
                continue
            month = row["finished_at"][:7]
            minutes = int(row["seconds"]) / 60
            months[month]["members"][row["member_id"]] += minutes
            months[month]["materials"][row["material"] or "unknown"] += minutes
    return months


def render_month(month, data, rate):
    def table(title, rows):
        body = "".join(
            f"<tr><td>{html.escape(k)}</td><td>{v:.1f}</td><td>{v * rate:.2f}</td></tr>"
            for k, v in sorted(rows.items(), key=lambda kv: -kv[1]))
        return (f"<h2>{title}</h2><table><tr><th></th><th>minutes</th><th>cost</th></tr>"
                f"{body}</table>")

    return ("<!doctype html><meta charset=utf-8><title>Laser usage "
            f"{month}</title><link rel=stylesheet href=style.css><h1>Laser usage {month}</h1>"
            + table("By member", data["members"]) + table("By material", data["materials"]))


def build_reports(csv_path, out_dir, rate):
    out_dir.mkdir(parents=True, exist_ok=True)
    months = summarize(csv_path, rate)
    for month, data in months.items():
        (out_dir / f"laser-{month}.html").write_text(render_month(month, data, rate), encoding="utf-8")
    links = "".join(f'<li><a href="laser-{m}.html">{m}</a></li>' for m in sorted(months, reverse=True))
    (out_dir / "index.html").write_text(
        f"<!doctype html><meta charset=utf-8><title>Laser reports</title><h1>Laser reports</h1><ul>{links}</ul>",
        encoding="utf-8")
    LOG.info("built %d monthly report(s) in %s", len(months), out_dir)


class ReportHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def rebuild_loop(stop, csv_path, out_dir, rate, every):
    while not stop.wait(every):
        try:
            build_reports(csv_path, out_dir, rate)
        except (OSError, ValueError, KeyError) as exc:
            LOG.warning("rebuild failed: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Serve laser usage reports on the LAN")
    ap.add_argument("--csv", default="laser_jobs.csv")
    ap.add_argument("--reports", default="reports")
    ap.add_argument("--rate", type=float, default=float(os.environ.get("LASER_RATE", "0.50")))
    ap.add_argument("--bind", default=os.environ.get("REPORTS_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--rebuild-every", type=int, default=300)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    out_dir = Path(args.reports).resolve()
    try:
        build_reports(args.csv, out_dir, args.rate)
    except FileNotFoundError:
        LOG.error("%s not found; is the telemetry collector running?", args.csv)
        return 1

    stop = threading.Event()
    threading.Thread(target=rebuild_loop, daemon=True,
                     args=(stop, args.csv, out_dir, args.rate, args.rebuild_every)).start()

    handler = functools.partial(ReportHandler, directory=str(out_dir))
    with ThreadingHTTPServer((args.bind, args.port), handler) as httpd:
        LOG.info("serving %s on http://%s:%d/", out_dir, args.bind, args.port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopping")
        finally:
            stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
