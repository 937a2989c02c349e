#!/usr/bin/env python3
"""Wash-cycle chart cache.

Renders wash-cycle temperature curves (from the washer controller's JSON
exports) into small SVG charts for the infection-control reports, caching
the rendered charts by content hash so unchanged cycles aren't redrawn.
"""

import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile

log = logging.getLogger("cycle_charts")

CACHE_DIR = "chart_cache"
WIDTH, HEIGHT = 400, 120


def cache_key(raw):
    # content hash only used to name cache entries
    return hashlib.md5(raw).hexdigest()


def render_svg(samples, min_temp):
    if not samples:
        return "<svg xmlns='http://www.w3.org/2000/svg'/>"
    tmax = max(max(s["t"] for s in samples), min_temp) + 5
    n = len(samples)
    pts = " ".join("%.1f,%.1f" % (i * WIDTH / max(n - 1, 1), HEIGHT - s["t"] * HEIGHT / tmax)
                   for i, s in enumerate(samples))
    ref = HEIGHT - min_temp * HEIGHT / tmax
    return ("<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d'>"
            "<line x1='0' x2='%d' y1='%.1f' y2='%.1f' stroke='red' stroke-dasharray='4'/>"
            "<polyline fill='none' stroke='blue' points='%s'/></svg>"
            % (WIDTH, HEIGHT, WIDTH, ref, ref, pts))


class ChartCache:
    def __init__(self, directory):
        self.dir = directory
        os.makedirs(directory, exist_ok=True)

    def path(self, key):
        return os.path.join(self.dir, key + ".svg")

    def get_or_render(self, raw, min_temp):
        key = cache_key(raw)
        p = self.path(key)
        if os.path.exists(p):
            return p, False
        svg = render_svg(json.loads(raw)["samples"], min_temp)
        # write atomically so a half-written chart never ends up in a report
        fd, tmp = tempfile.mkstemp(dir=self.dir, suffix=".part")
        with os.fdopen(fd, "w") as fh:
            fh.write(svg)
        os.chmod(tmp, 0o600)
        os.replace(tmp, p)
        return p, True

    def clear(self):
        shutil.rmtree(self.dir, ignore_errors=True)
        log.info("cache %s removed", self.dir)


def embed(svg_path):
    """Inline data URI for the HTML report."""
    with open(svg_path, "rb") as fh:
        return "data:image/svg+xml;base64," + base64.b64encode(fh.read()).decode()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("exports", nargs="*", help="cycle JSON exports")
    ap.add_argument("--min-temp", type=float, default=71.0)
    ap.add_argument("--report", default="cycle_report.html")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ChartCache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()
        return 0

    parts = ["<html><body><h1>Wash cycle charts</h1>"]
    rendered = 0
    for path in args.exports:
        try:
            with open(path, "rb") as fh:
                raw = fh.read()
            svg_path, new = cache.get_or_render(raw, args.min_temp)
        except (OSError, ValueError, KeyError) as exc:
            log.error("skip %s: %s", path, exc)
            continue
        rendered += new
        parts.append("<h3>%s</h3><img src='%s'/>" % (os.path.basename(path), embed(svg_path)))
    parts.append("</body></html>")
    with open(args.report, "w") as fh:
        fh.write("\n".join(parts))
    log.info("%d charts (%d newly rendered) -> %s", len(args.exports), rendered, args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
