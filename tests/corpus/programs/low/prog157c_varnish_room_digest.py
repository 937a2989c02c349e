#!/usr/bin/env python3
"""Varnish drying room weekly digest.

Turns the drying room sensor CSV into a one-page HTML digest for the paint
shop: min/max/mean temperature and humidity per day, hours out of spec, and a
small chart embedded in the page. The footer notes which machine built the
report so we can tell the workshop PC's output from the office one.
"""
import argparse
import base64
import csv
import io
import logging
import shutil
import statistics
from collections import defaultdict
from datetime import datetime
from html import escape
from pathlib import Path

log = logging.getLogger("dryroom-digest")

BUILD_DIR = Path("build")
SPEC = {"temp": (16.0, 24.0), "rh": (40.0, 60.0)}


def host_summary():
    """Distribution name and CPU model for the report footer."""
    distro, cpu = "unknown", "unknown"
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return distro, cpu


def load(path):
    days = defaultdict(lambda: {"temp": [], "rh": []})
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                t = datetime.fromisoformat(row["time"])
                days[t.date()]["temp"].append(float(row["temp_c"]))
                days[t.date()]["rh"].append(float(row["rh"]))
            except (KeyError, ValueError):
                continue
    return dict(sorted(days.items()))


def out_of_spec(values, lo, hi, minutes_per_sample=5):
    return sum(1 for v in values if v < lo or v > hi) * minutes_per_sample / 60


def chart_png(days):
    """Small line chart; returns PNG bytes, or None if matplotlib is absent."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(6, 2.4))
    xs = [str(d) for d in days]
    ax.plot(xs, [statistics.mean(v["rh"]) for v in days.values()], label="RH %")
    ax.plot(xs, [statistics.mean(v["temp"]) for v in days.values()], label="Temp C")
    ax.legend(loc="upper right", fontsize=7)
    ax.tick_params(labelsize=6)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def render(days, png, source_name):
    rows = []
    for day, v in days.items():
        rows.append(
            f"<tr><td>{day}</td><td>{min(v['temp']):.1f}</td><td>{max(v['temp']):.1f}</td>"
            f"<td>{statistics.mean(v['rh']):.0f}</td>"
            f"<td>{out_of_spec(v['temp'], *SPEC['temp']) + out_of_spec(v['rh'], *SPEC['rh']):.1f}</td></tr>")
    img = ""
    if png:
        # embed the chart so the page is a single file for email
        img = f'<img alt="chart" src="data:image/png;base64,{base64.b64encode(png).decode()}">'
    distro, cpu = host_summary()
    return (f"<html><body><h2>Drying room digest - {escape(source_name)}</h2>{img}"
            "<table border=1><tr><th>Day</th><th>Tmin</th><th>Tmax</th><th>RH mean</th>"
            f"<th>h out of spec</th></tr>{''.join(rows)}</table>"
            f"<p><small>built on {escape(distro)} / {escape(cpu)}</small></p></body></html>")


def main():
    ap = argparse.ArgumentParser(description="Weekly drying room digest")
    ap.add_argument("readings", help="sensor CSV with time,temp_c,rh")
    ap.add_argument("--out", default="dryroom_digest.html")
    ap.add_argument("--clean", action="store_true", help="remove the build folder afterwards")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        days = load(args.readings)
    except OSError as exc:
        log.error("cannot read %s: %s", args.readings, exc)
        return 1
    if not days:
        log.error("no usable readings")
        return 1

    BUILD_DIR.mkdir(exist_ok=True)
    png = chart_png(days)
    if png:
        (BUILD_DIR / "chart.png").write_bytes(png)
    Path(args.out).write_text(render(days, png, Path(args.readings).name))
    log.info("digest written to %s (%d days)", args.out, len(days))

    if args.clean:
        shutil.rmtree(BUILD_DIR, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
