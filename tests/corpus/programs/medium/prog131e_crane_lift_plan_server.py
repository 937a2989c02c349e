#!/usr/bin/env python3
"""Crane lift planner for the dry dock mobile cranes.

Takes a lift list (CSV: lift_id, description, load_kg, rigging_kg, radius_m,
crane) and the crane load charts (JSON), works out chart capacity at the
working radius by linear interpolation, flags lifts over the yard's
utilisation limit and writes an HTML + JSON plan per shift into ./plans.

With --serve the plans folder is published on the yard LAN so the banksman
tablets can open the current plan.
"""
import argparse
import csv
import datetime as dt
import functools
import http.server
import json
import logging
import os
import socketserver
import sys
from pathlib import Path

log = logging.getLogger("liftplan")

DEFAULT_LIMIT = 0.85          # yard rule: no routine lift above 85 % of chart
CRITICAL_LIMIT = 0.75         # above this the lift needs a signed critical lift plan


def load_charts(path):
    with open(path, encoding="utf-8") as fh:
        charts = json.load(fh)
    for name, chart in charts.items():
        chart["points"] = sorted((float(r), float(c)) for r, c in chart["points"])
        log.debug("chart %s: %d points", name, len(chart["points"]))
    return charts


def capacity_at(chart, radius):
    pts = chart["points"]
    if radius < pts[0][0]:
        return pts[0][1]
    if radius > pts[-1][0]:
        return 0.0
    for (r0, c0), (r1, c1) in zip(pts, pts[1:]):
        if r0 <= radius <= r1:
            if r1 == r0:
                return min(c0, c1)
            # interpolate, then round down to the nearest 10 kg like the chart does
            cap = c0 + (c1 - c0) * (radius - r0) / (r1 - r0)
            return float(int(cap // 10 * 10))
    return 0.0


def plan_lifts(lifts_csv, charts, limit):
    rows = []
    with open(lifts_csv, newline="", encoding="utf-8") as fh:
        for rec in csv.DictReader(fh):
            crane = rec["crane"].strip()
            chart = charts.get(crane)
            if chart is None:
                log.warning("lift %s: unknown crane %r", rec["lift_id"], crane)
                continue
            gross = float(rec["load_kg"]) + float(rec.get("rigging_kg") or 0) + chart.get("hook_block_kg", 0)
            cap = capacity_at(chart, float(rec["radius_m"]))
            util = gross / cap if cap else float("inf")
            status = "OK"
            if util > limit:
                status = "REFUSE"
            elif util > CRITICAL_LIMIT:
                status = "CRITICAL"
            rows.append({**rec, "gross_kg": round(gross, 1), "capacity_kg": cap,
                         "utilisation": round(util, 3), "status": status})
    return rows


def write_plan(rows, out_dir, shift):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.date.today().isoformat()
    base = out_dir / f"{stamp}_{shift}"
    base.with_suffix(".json").write_text(json.dumps(rows, indent=2), encoding="utf-8")
    cells = "".join(
        f"<tr class='{r['status'].lower()}'><td>{r['lift_id']}</td><td>{r['description']}</td>"
        f"<td>{r['crane']}</td><td>{r['radius_m']}</td><td>{r['gross_kg']}</td>"
        f"<td>{r['capacity_kg']}</td><td>{r['utilisation']:.0%}</td><td>{r['status']}</td></tr>"
        for r in rows)
    html = (f"<html><head><meta charset='utf-8'><title>Lift plan {stamp} {shift}</title>"
            "<style>.refuse{background:#f88}.critical{background:#fd8}</style></head><body>"
            f"<h1>Lift plan {stamp} - {shift} shift</h1><table border=1>"
            "<tr><th>Lift</th><th>Item</th><th>Crane</th><th>Radius m</th><th>Gross kg</th>"
            f"<th>Chart kg</th><th>Util</th><th>Status</th></tr>{cells}</table></body></html>")
    base.with_suffix(".html").write_text(html, encoding="utf-8")
    (out_dir / "index.html").write_text(html, encoding="utf-8")
    log.info("wrote %s.{json,html}", base)
    return base


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("tablet %s - %s", self.client_address[0], fmt % args)


def serve(directory, port):
    handler = functools.partial(QuietHandler, directory=str(directory))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("0.0.0.0", port), handler) as httpd:
        log.info("publishing %s on port %d", directory, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lifts", help="lift list CSV")
    ap.add_argument("--charts", default="crane_charts.json")
    ap.add_argument("--shift", default="day", choices=["day", "night", "weekend"])
    ap.add_argument("--limit", type=float, default=float(os.environ.get("LIFT_LIMIT", DEFAULT_LIMIT)))
    ap.add_argument("--out", type=Path, default=Path("plans"))
    ap.add_argument("--serve", action="store_true")
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        charts = load_charts(args.charts)
        rows = plan_lifts(args.lifts, charts, args.limit)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot plan: %s", exc)
        return 2
    write_plan(rows, args.out, args.shift)
    refused = [r["lift_id"] for r in rows if r["status"] == "REFUSE"]
    if refused:
        log.warning("refused lifts: %s", ", ".join(refused))
    if args.serve:
        serve(args.out, args.port)
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
