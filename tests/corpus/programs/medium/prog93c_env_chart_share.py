#!/usr/bin/env python3
"""Environmental chart share.

Turns the per-room daily logger CSVs into PNG trend charts (temperature,
humidity, NH3) and serves the chart folder so the facility manager and the
attending veterinarian can look at them from the office during the morning
walk-through meeting.
"""
import argparse
import csv
import datetime as dt
import functools
import html
import logging
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

LOG = logging.getLogger("envcharts")
SERIES = (("temp_c", "Temperature (°C)", (20, 26)),
          ("rh_pct", "Relative humidity (%)", (30, 70)),
          ("nh3_ppm", "Ammonia (ppm)", (0, 25)))


def read_room(csv_path):
    ts, cols = [], {k: [] for k, _, _ in SERIES}
    with open(csv_path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ts.append(dt.datetime.fromisoformat(row["timestamp"]))
                for k in cols:
                    cols[k].append(float(row[k]))
            except (KeyError, ValueError):
                continue
    return ts, cols


def chart_room(room, csv_path, out_dir):
    ts, cols = read_room(csv_path)
    if not ts:
        return None
    fig, axes = plt.subplots(len(SERIES), 1, figsize=(9, 7), sharex=True)
    for ax, (key, label, (lo, hi)) in zip(axes, SERIES):
        ax.plot(ts, cols[key], linewidth=1)
        ax.axhspan(lo, hi, color="green", alpha=0.08)
        ax.set_ylabel(label, fontsize=8)
    axes[0].set_title(f"Room {room} - {csv_path.stem}")
    fig.autofmt_xdate()
    out = out_dir / f"{room}_{csv_path.stem}.png"
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def build_charts(log_root, out_dir, day):
    out_dir.mkdir(parents=True, exist_ok=True)
    made = []
    for room_dir in sorted(p for p in log_root.iterdir() if p.is_dir()):
        src = room_dir / f"{day}.csv"
        if src.exists():
            png = chart_room(room_dir.name, src, out_dir)
            if png:
                made.append(png)
                LOG.info("chart %s", png.name)
    index = ["<html><head><title>Vivarium environment</title></head><body>",
             f"<h1>Environmental trends {html.escape(day)}</h1>"]
    index += [f'<p><img src="{html.escape(p.name)}" width="900"></p>' for p in made]
    index.append("</body></html>")
    (out_dir / "index.html").write_text("\n".join(index), encoding="utf-8")
    return made


def serve(out_dir, port):
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(out_dir))
    with ThreadingHTTPServer(("0.0.0.0", port), handler) as httpd:
        LOG.info("charts at http://%s:%d/", httpd.server_name, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            LOG.info("stopping")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--logs", default="envlogs", help="root of per-room CSV folders")
    ap.add_argument("--out", default="charts")
    ap.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--no-serve", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    log_root = Path(args.logs)
    if not log_root.is_dir():
        LOG.error("log folder %s not found", log_root)
        return 1
    made = build_charts(log_root, Path(args.out), args.day)
    LOG.info("%d charts built", len(made))
    if not args.no_serve:
        serve(Path(args.out), args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
