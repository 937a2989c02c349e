#!/usr/bin/env python3
"""course_plan_svg_export - draw a show jumping course plan as SVG.

Input is the course designer's JSON export:

    {
      "arena": {"name": "Main Ring", "width": 80, "length": 60},
      "class": "1.20m Two Phase",
      "fences": [
        {"no": "1", "type": "vertical", "x": 12, "y": 8, "width": 3.6, "rot": 0},
        {"no": "2", "type": "oxer", "x": 30, "y": 10, "width": 3.6, "rot": 15},
        ...
      ],
      "start": [6, 4], "finish": [70, 52]
    }

The exporter scales the arena to the page, draws each fence with its
number, the start/finish flags and the measured track distance between
consecutive fences (straight line, metres).
"""
import argparse
import base64
import json
import logging
import math
import sys
from pathlib import Path

log = logging.getLogger("course_plan")

SCALE = 10.0  # px per metre
MARGIN = 40

# Fence glyph templates, shared with the course designer tool (JSON, base64).
_GLYPH_PACK = (
    "eyJ2ZXJ0aWNhbCI6IjxnIHRyYW5zZm9ybT1cInRyYW5zbGF0ZSh7eDouMWZ9LHt5Oi4x"
    "Zn0pIHJvdGF0ZSh7cm90Oi4xZn0pXCI+PHJlY3QgeD1cIntoeDouMWZ9XCIgeT1cIi0x"
    "LjVcIiB3aWR0aD1cInt3Oi4xZn1cIiBoZWlnaHQ9XCIzXCIgZmlsbD1cIiNiMjIyMjJc"
    "Ii8+PC9nPiIsIm94ZXIiOiI8ZyB0cmFuc2Zvcm09XCJ0cmFuc2xhdGUoe3g6LjFmfSx7"
    "eTouMWZ9KSByb3RhdGUoe3JvdDouMWZ9KVwiPjxyZWN0IHg9XCJ7aHg6LjFmfVwiIHk9"
    "XCItNVwiIHdpZHRoPVwie3c6LjFmfVwiIGhlaWdodD1cIjIuNVwiIGZpbGw9XCIjYjIy"
    "MjIyXCIvPjxyZWN0IHg9XCJ7aHg6LjFmfVwiIHk9XCIyLjVcIiB3aWR0aD1cInt3Oi4x"
    "Zn1cIiBoZWlnaHQ9XCIyLjVcIiBmaWxsPVwiIzIyOGIyMlwiLz48L2c+IiwidHJpcGxl"
    "IjoiPGcgdHJhbnNmb3JtPVwidHJhbnNsYXRlKHt4Oi4xZn0se3k6LjFmfSkgcm90YXRl"
    "KHtyb3Q6LjFmfSlcIj48cmVjdCB4PVwie2h4Oi4xZn1cIiB5PVwiLTdcIiB3aWR0aD1c"
    "Int3Oi4xZn1cIiBoZWlnaHQ9XCIyXCIgZmlsbD1cIiMxZTNhOGFcIi8+PHJlY3QgeD1c"
    "IntoeDouMWZ9XCIgeT1cIi0xXCIgd2lkdGg9XCJ7dzouMWZ9XCIgaGVpZ2h0PVwiMlwi"
    "IGZpbGw9XCIjMWUzYThhXCIvPjxyZWN0IHg9XCJ7aHg6LjFmfVwiIHk9XCI1XCIgd2lk"
    "dGg9XCJ7dzouMWZ9XCIgaGVpZ2h0PVwiMlwiIGZpbGw9XCIjMWUzYThhXCIvPjwvZz4i"
    "LCJ3YXRlciI6IjxnIHRyYW5zZm9ybT1cInRyYW5zbGF0ZSh7eDouMWZ9LHt5Oi4xZn0p"
    "IHJvdGF0ZSh7cm90Oi4xZn0pXCI+PHJlY3QgeD1cIntoeDouMWZ9XCIgeT1cIi04XCIg"
    "d2lkdGg9XCJ7dzouMWZ9XCIgaGVpZ2h0PVwiMTZcIiBmaWxsPVwiIzZmYThkY1wiIG9w"
    "YWNpdHk9XCIuNlwiLz48L2c+IiwibGl2ZXJwb29sIjoiPGcgdHJhbnNmb3JtPVwidHJh"
    "bnNsYXRlKHt4Oi4xZn0se3k6LjFmfSkgcm90YXRlKHtyb3Q6LjFmfSlcIj48cmVjdCB4"
    "PVwie2h4Oi4xZn1cIiB5PVwiLThcIiB3aWR0aD1cInt3Oi4xZn1cIiBoZWlnaHQ9XCIx"
    "NlwiIGZpbGw9XCIjNmZhOGRjXCIgb3BhY2l0eT1cIi42XCIvPjwvZz4ifQ=="
)


class GlyphSet:
    """Lazily loaded fence templates keyed by fence type."""

    _table = None

    @classmethod
    def table(cls):
        if cls._table is None:
            raw = base64.b64decode(_GLYPH_PACK).decode("utf-8")
            cls._table = json.loads(raw)
            log.debug("glyph pack: %s", ", ".join(sorted(cls._table)))
        return cls._table

    @classmethod
    def draw(cls, kind, x, y, w, rot):
        tpl = cls.table().get(kind) or cls.table()["vertical"]
        w_px = w * SCALE
        return tpl.format(x=x, y=y, rot=rot, w=w_px, hx=-w_px / 2)


def to_px(pt):
    return MARGIN + pt[0] * SCALE, MARGIN + pt[1] * SCALE


def distances(fences, start=None):
    prev = start
    for f in fences:
        here = (f["x"], f["y"])
        if prev is not None:
            yield f["no"], math.dist(prev, here)
        prev = here


def render(course):
    arena = course["arena"]
    width = arena["width"] * SCALE + 2 * MARGIN
    height = arena["length"] * SCALE + 2 * MARGIN + 60
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'font-family="Helvetica, Arial, sans-serif">',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{arena["width"] * SCALE:.0f}" '
        f'height="{arena["length"] * SCALE:.0f}" fill="#f4ecd8" stroke="#555"/>',
    ]
    fences = course.get("fences", [])
    for f in fences:
        x, y = to_px((f["x"], f["y"]))
        out.append(GlyphSet.draw(f.get("type", "vertical"), x, y, f.get("width", 3.5), f.get("rot", 0)))
        out.append(f'<text x="{x + 8:.1f}" y="{y - 10:.1f}" font-size="14" font-weight="bold">{f["no"]}</text>')

    for label, key, colour in (("S", "start", "#2a7"), ("F", "finish", "#c33")):
        if key in course:
            x, y = to_px(course[key])
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{colour}"/>')
            out.append(f'<text x="{x - 4:.1f}" y="{y + 5:.1f}" font-size="12" fill="#fff">{label}</text>')

    total = 0.0
    legend = []
    for no, d in distances(fences, course.get("start")):
        total += d
        legend.append(f"{no}: {d:.1f}m")
    ty = height - 40
    out.append(f'<text x="{MARGIN}" y="{ty:.0f}" font-size="13">'
               f'{course.get("class", "")} - {arena.get("name", "")} - approx. {total:.0f}m</text>')
    out.append(f'<text x="{MARGIN}" y="{ty + 18:.0f}" font-size="11" fill="#444">{" | ".join(legend)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export a show jumping course plan to SVG")
    ap.add_argument("course", type=Path, help="course designer JSON export")
    ap.add_argument("-o", "--output", type=Path, help="SVG file (default: next to input)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        course = json.loads(args.course.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.course, exc)
        return 1
    if "arena" not in course:
        log.error("%s has no arena block", args.course)
        return 1
    svg = render(course)
    dest = args.output or args.course.with_suffix(".svg")
    dest.write_text(svg, encoding="utf-8")
    log.info("wrote %s (%d fences)", dest, len(course.get("fences", [])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
