#!/usr/bin/env python3
"""Build a single-file HTML plot map for the noticeboard tablet.

Takes the site plan image and the plot allocation CSV and produces one
self-contained HTML page (images inlined as base64 data URIs) so the tablet
can show it without network access. A small footer records the build host.
"""
import argparse
import base64
import csv
import html
import logging
import mimetypes
import platform
import shutil
import sys
from datetime import datetime
from pathlib import Path

log = logging.getLogger("plot_map")

BUILD_DIR = Path("build")


def data_uri(path):
    mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    encoded = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"data:{mime};base64,{encoded}"


def build_host_info():
    """Describe the machine for the footer: OS name and CPU model."""
    info = {"os": platform.system(), "cpu": platform.machine()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return info


class PlotTable:
    def __init__(self, path):
        with open(path, newline="") as fh:
            self.rows = list(csv.DictReader(fh))

    def html_rows(self):
        for r in sorted(self.rows, key=lambda r: r.get("plot", "")):
            status = "vacant" if not r.get("holder") else "let"
            yield (f"<tr class='{status}'><td>{html.escape(r.get('plot', ''))}</td>"
                   f"<td>{html.escape(r.get('holder', '') or '-')}</td>"
                   f"<td>{html.escape(r.get('size', ''))}</td></tr>")


def render(plan_img, table, host):
    stamp = datetime.now().strftime("%d %b %Y %H:%M")
    return "\n".join([
        "<!doctype html><html><head><meta charset='utf-8'><title>Plot map</title>",
        "<style>tr.vacant{background:#e6f4d8} td{padding:2px 8px}</style></head><body>",
        f"<img src='{data_uri(plan_img)}' alt='site plan' style='max-width:100%'>",
        "<table><tr><th>Plot</th><th>Holder</th><th>Size</th></tr>",
        *table.html_rows(),
        "</table>",
        f"<footer>Built {stamp} on {html.escape(host['os'])} / {html.escape(host['cpu'])}</footer>",
        "</body></html>",
    ])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plan", help="site plan image (png/jpg)")
    ap.add_argument("allocations", help="plot allocation CSV")
    ap.add_argument("-o", "--output", default="plot_map.html")
    ap.add_argument("--clean", action="store_true", help="remove old build output first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        log.info("removed old %s/", BUILD_DIR)
    BUILD_DIR.mkdir(exist_ok=True)

    try:
        table = PlotTable(args.allocations)
        page = render(Path(args.plan), table, build_host_info())
    except (OSError, csv.Error) as exc:
        log.error("build failed: %s", exc)
        return 1

    out = BUILD_DIR / args.output
    out.write_text(page, encoding="utf-8")
    vacant = sum(1 for r in table.rows if not r.get("holder"))
    log.info("wrote %s: %d plots, %d vacant", out, len(table.rows), vacant)
    return 0


if __name__ == "__main__":
    sys.exit(main())
