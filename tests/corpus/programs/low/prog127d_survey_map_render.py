#!/usr/bin/env python3
"""Render the bat transect survey map as a standalone SVG + HTML page.

Reads the season's passes CSV (transect, point, lat, lon, species, passes)
and draws each survey point as a circle sized by total bat passes, coloured
by the dominant species, with a legend. Output goes to ./build/ so it can be
opened locally or attached to the group newsletter.
"""

import argparse
import csv
import html
import logging
import math
import sys
from collections import Counter, defaultdict
from pathlib import Path

log = logging.getLogger("surveymap")

WIDTH, HEIGHT, MARGIN = 900, 700, 40
PALETTE = {
    "Pipistrellus pipistrellus": "#d62728",
    "Pipistrellus pygmaeus": "#ff7f0e",
    "Nyctalus noctula": "#1f77b4",
    "Myotis daubentonii": "#2ca02c",
    "Eptesicus serotinus": "#9467bd",
    "Plecotus auritus": "#8c564b",
}
OTHER = "#7f7f7f"


def load_points(path):
    points = defaultdict(lambda: {"passes": Counter(), "lat": None, "lon": None})
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                key = (row["transect"], row["point"])
                p = points[key]
                p["lat"], p["lon"] = float(row["lat"]), float(row["lon"])
                p["passes"][row["species"].strip()] += int(row["passes"] or 0)
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %s: %s", row, exc)
    return points


def projector(points):
    lats = [p["lat"] for p in points.values()]
    lons = [p["lon"] for p in points.values()]
    lat0 = math.radians(sum(lats) / len(lats))
    xs = [lon * math.cos(lat0) for lon in lons]
    span_x = (max(xs) - min(xs)) or 1e-6
    span_y = (max(lats) - min(lats)) or 1e-6
    scale = min((WIDTH - 2 * MARGIN) / span_x, (HEIGHT - 2 * MARGIN) / span_y)
    min_x, max_lat = min(xs), max(lats)

    def project(lat, lon):
        return (MARGIN + (lon * math.cos(lat0) - min_x) * scale,
                MARGIN + (max_lat - lat) * scale)
    return project


def render_svg(points, title):
    project = projector(points)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}">',
             '<rect width="100%" height="100%" fill="#f7f7f2"/>',
             f'<text x="{MARGIN}" y="24" font-size="18">{html.escape(title)}</text>']
    for (transect, point), p in sorted(points.items()):
        total = sum(p["passes"].values())
        if not total:
            continue
        top = p["passes"].most_common(1)[0][0]
        x, y = project(p["lat"], p["lon"])
        r = 3 + 2.5 * math.sqrt(total)
        label = html.escape(f"{transect}/{point}: {total} passes, mostly {top}")
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" '
                     f'fill="{PALETTE.get(top, OTHER)}" fill-opacity="0.7">'
                     f'<title>{label}</title></circle>')
    ly = HEIGHT - MARGIN - 18 * len(PALETTE)
    for i, (species, colour) in enumerate(PALETTE.items()):
        parts.append(f'<circle cx="{WIDTH - 230}" cy="{ly + i * 18}" r="6" fill="{colour}"/>')
        parts.append(f'<text x="{WIDTH - 218}" y="{ly + i * 18 + 4}" font-size="12" '
                     f'font-style="italic">{html.escape(species)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def write_outputs(svg, title, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "survey_map.svg").write_text(svg, encoding="utf-8")
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title></head><body>{svg}</body></html>")
    (out_dir / "index.html").write_text(page, encoding="utf-8")
    return out_dir / "index.html"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", type=Path)
    ap.add_argument("--title", default="Bat transect survey")
    ap.add_argument("--out", type=Path, default=Path("build"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        points = load_points(args.csv)
    except OSError as exc:
        log.error("cannot read %s: %s", args.csv, exc)
        return 1
    if not points:
        log.error("no usable survey points in %s", args.csv)
        return 1
    index = write_outputs(render_svg(points, args.title), args.title, args.out)
    log.info("map written to %s (%d points)", index, len(points))
    return 0


if __name__ == "__main__":
    sys.exit(main())
