#!/usr/bin/env python3
"""Build a weekly HTML digest of cold-room temperatures.

Reads the logger CSVs copied into ./readings, computes min/max/mean per
probe, draws a small chart and writes one self-contained HTML file (the
chart is embedded as base64 so the file can be emailed as-is).
"""
import argparse
import base64
import csv
import hashlib
import html
import io
import logging
import os
import shutil
import statistics
import tempfile
from pathlib import Path

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

log = logging.getLogger("digest")

CACHE_DIR = Path(".digest_cache")


def os_label():
    """Distribution name for the report footer."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def cache_key(path):
    # cache chart images by file content, not name
    return hashlib.md5(path.read_bytes()).hexdigest()


def load_series(path):
    series = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                series.setdefault(row["probe"], []).append(float(row["celsius"]))
            except (KeyError, ValueError):
                continue
    return series


def chart_png(series, key):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / f"{key}.png"
    if cached.exists():
        return cached.read_bytes()
    fig, ax = plt.subplots(figsize=(6, 2.5))
    for probe, values in series.items():
        ax.plot(values, label=probe, linewidth=1)
    ax.axhline(8.0, color="red", linestyle="--", linewidth=0.8)
    ax.set_ylabel("°C")
    ax.legend(fontsize=6)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    plt.close(fig)
    cached.write_bytes(buf.getvalue())
    return buf.getvalue()


class Digest:
    def __init__(self):
        self.sections = []

    def add(self, title, series, png):
        rows = "".join(
            f"<tr><td>{html.escape(p)}</td><td>{min(v):.1f}</td>"
            f"<td>{max(v):.1f}</td><td>{statistics.mean(v):.1f}</td></tr>"
            for p, v in series.items() if v)
        img = base64.b64encode(png).decode("ascii")
        self.sections.append(
            f"<h2>{html.escape(title)}</h2><table>{rows}</table>"
            f'<img src="data:image/png;base64,{img}">')

    def write(self, out):
        body = "\n".join(self.sections)
        doc = (f"<html><body><h1>Cold-room weekly digest</h1>{body}"
               f"<footer>generated on {html.escape(os_label())}</footer></body></html>")
        # write atomically next to the target
        fd, tmp = tempfile.mkstemp(dir=".", suffix=".html")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(doc)
        os.replace(tmp, out)


def main():
    ap = argparse.ArgumentParser(description="Weekly cold-room digest")
    ap.add_argument("--readings", default="readings")
    ap.add_argument("--out", default="coldroom_digest.html")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("chart cache cleared")

    digest = Digest()
    files = sorted(Path(args.readings).glob("*.csv"))
    if not files:
        log.error("no CSV files in %s", args.readings)
        return 1
    for path in files:
        series = load_series(path)
        if not series:
            log.warning("%s has no readings", path.name)
            continue
        digest.add(path.stem, series, chart_png(series, cache_key(path)))
    digest.write(args.out)
    log.info("digest written to %s", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
