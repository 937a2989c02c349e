#!/usr/bin/env python3
"""Build a one-page HTML weather report for the greens committee.

Reads the station's CSV logs, draws a small rain chart (if matplotlib is
available) and embeds it in the HTML as a base64 data URI so the report is a
single file that can be emailed by hand. The footer records which machine
produced it.
"""
import argparse
import base64
import csv
import html
import io
import logging
import os
import platform
import tempfile
from pathlib import Path

log = logging.getLogger("wx_report")


def os_pretty_name():
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


def read_rows(log_dir):
    rows = []
    for path in sorted(Path(log_dir).glob("*.csv")):
        with open(path, newline="") as fh:
            for rec in csv.DictReader(fh):
                try:
                    rows.append((rec["date"], float(rec.get("rain_mm") or 0),
                                 float(rec.get("temp_c") or 0)))
                except (KeyError, ValueError):
                    log.debug("skipping bad row in %s", path.name)
    return rows


def daily_totals(rows):
    totals = {}
    for day, rain, _temp in rows:
        totals[day] = totals.get(day, 0.0) + rain
    return dict(sorted(totals.items()))


def chart_data_uri(totals):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log.info("matplotlib not installed, report will have no chart")
        return None
    fig, ax = plt.subplots(figsize=(7, 2.5))
    ax.bar(list(totals), list(totals.values()), color="#3a7d44")
    ax.set_ylabel("rain (mm)")
    ax.tick_params(axis="x", labelrotation=60, labelsize=6)
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def render(totals, chart, title):
    rows = "".join(
        f"<tr><td>{html.escape(d)}</td><td>{v:.1f}</td></tr>" for d, v in totals.items()
    )
    img = f'<img alt="rain chart" src="{chart}">' if chart else ""
    return (
        f"<html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head><body>"
        f"<h1>{html.escape(title)}</h1>{img}"
        f"<table><tr><th>Day</th><th>Rain mm</th></tr>{rows}</table>"
        f"<p><small>Generated on {html.escape(platform.node())} "
        f"({html.escape(os_pretty_name())})</small></p></body></html>"
    )


def atomic_write(path, text):
    """Write via a temp file in the same directory, then rename into place."""
    target = Path(path).resolve()
    fd, tmp = tempfile.mkstemp(prefix=".wx_", suffix=".html", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs", default="weather_logs")
    ap.add_argument("--out", default="weather_report.html")
    ap.add_argument("--title", default="Greens weather report")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    rows = read_rows(args.logs)
    if not rows:
        log.error("no rows found in %s", args.logs)
        return 1
    totals = daily_totals(rows)
    atomic_write(args.out, render(totals, chart_data_uri(totals), args.title))
    log.info("wrote %s (%d days)", args.out, len(totals))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
