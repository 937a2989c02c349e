#!/usr/bin/env python3
"""hpgl_cut_converter - turn SVG artwork into HP-GL for vinyl cutters.

Handles the subset of SVG that comes out of Illustrator/Inkscape "outline
stroke" exports: <path> (M/L/H/V/C/Z), <polyline>, <polygon>, <rect> and
<line>.  Output is plain HP-GL (40 plotter units per mm) that Roland, Graphtec
and Summa cutters all accept over their serial/USB ports.

Drag-knife compensation uses the blade table exported from the cutter
profiles (45/60/30 degree blades); pass --no-blade-comp for laser or
tangential-knife machines.
"""
import argparse
import base64
import json
import logging
import math
import re
import sys
from pathlib import Path

from defusedxml import ElementTree as ET

log = logging.getLogger("cutconv")

UNITS_PER_MM = 40
PX_TO_MM = 25.4 / 96.0
SVG_NS = "{http://www.w3.org/2000/svg}"

# Blade table exported from the cutter vendor's calibration tool
# (base64 JSON, same string the tool shows under "Export settings").
_BLADE_TABLE = (
    "eyI0NWRlZyI6eyJvZmZzZXRfbW0iOjAuMjUsIm92ZXJjdXRfbW0iOjAuNSwiZm9yY2VfZyI6"
    "ODB9LCI2MGRlZyI6eyJvZmZzZXRfbW0iOjAuNSwib3ZlcmN1dF9tbSI6MC44LCJmb3JjZV9n"
    "IjoxMjB9LCI2MGRlZ19zYW5kYmxhc3QiOnsib2Zmc2V0X21tIjowLjUsIm92ZXJjdXRfbW0i"
    "OjEuMCwiZm9yY2VfZyI6MjIwfSwiMzBkZWciOnsib2Zmc2V0X21tIjowLjE4LCJvdmVyY3V0"
    "X21tIjowLjMsImZvcmNlX2ciOjUwfX0="
)
BLADES = json.loads(base64.b64decode("".join(_BLADE_TABLE)))


def compensate(path, offset):
    """Drag-knife offset: push each vertex forward along its segment so the
    trailing blade tip actually reaches the corner."""
    if len(path) < 2 or offset <= 0:
        return list(path)
    out = [path[0]]
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        seg = math.hypot(x1 - x0, y1 - y0) or 1.0
        out.append((x1 + (x1 - x0) / seg * offset,
                    y1 + (y1 - y0) / seg * offset))
    return out


_TOKEN = re.compile(r"[MmLlHhVvCcZz]|-?\d*\.?\d+(?:[eE][-+]?\d+)?")


def parse_path(d, samples=12):
    """Yield polylines (lists of (x, y) in px) from an SVG path string."""
    toks = _TOKEN.findall(d)
    i, cmd = 0, None
    x = y = sx = sy = 0.0
    cur = []

    def num():
        nonlocal i
        v = float(toks[i])
        i += 1
        return v

    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
            if cmd in "Zz":
                if cur:
                    cur.append((sx, sy))
                    yield cur
                cur = []
                x, y = sx, sy
                continue
        rel = cmd.islower()
        c = cmd.upper()
        if c == "M":
            if cur:
                yield cur
            nx, ny = num(), num()
            x, y = (x + nx, y + ny) if rel else (nx, ny)
            sx, sy = x, y
            cur = [(x, y)]
            cmd = "l" if rel else "L"
        elif c == "L":
            nx, ny = num(), num()
            x, y = (x + nx, y + ny) if rel else (nx, ny)
            cur.append((x, y))
        elif c == "H":
            nx = num()
            x = x + nx if rel else nx
            cur.append((x, y))
        elif c == "V":
            ny = num()
            y = y + ny if rel else ny
            cur.append((x, y))
        elif c == "C":
            pts = [num() for _ in range(6)]
            if rel:
                pts = [p + (x if k % 2 == 0 else y) for k, p in enumerate(pts)]
            x1, y1, x2, y2, x3, y3 = pts
            for s in range(1, samples + 1):
                t = s / samples
                mt = 1 - t
                cur.append((mt ** 3 * x + 3 * mt * mt * t * x1 + 3 * mt * t * t * x2 + t ** 3 * x3,
                            mt ** 3 * y + 3 * mt * mt * t * y1 + 3 * mt * t * t * y2 + t ** 3 * y3))
            x, y = x3, y3
        else:
            raise ValueError(f"unsupported path command {cmd!r}")
    if cur:
        yield cur


def _points(attr):
    vals = [float(v) for v in re.split(r"[\s,]+", attr.strip()) if v]
    return list(zip(vals[0::2], vals[1::2]))


def extract_shapes(svg_file):
    root = ET.parse(svg_file).getroot()
    for el in root.iter():
        tag = el.tag.replace(SVG_NS, "")
        if tag == "path" and el.get("d"):
            yield from parse_path(el.get("d"))
        elif tag in ("polyline", "polygon") and el.get("points"):
            pts = _points(el.get("points"))
            if tag == "polygon" and pts:
                pts.append(pts[0])
            yield pts
        elif tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            yield [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
        elif tag == "line":
            yield [(float(el.get("x1", 0)), float(el.get("y1", 0))),
                   (float(el.get("x2", 0)), float(el.get("y2", 0)))]


class HPGLWriter:
    def __init__(self, blade, height_mm, compensate=None, pen=1):
        self.blade = BLADES[blade]
        self.height_mm = height_mm
        self.compensate = compensate
        self.pen = pen

    def _to_units(self, pt):
        xmm, ymm = pt[0] * PX_TO_MM, self.height_mm - pt[1] * PX_TO_MM
        return round(xmm * UNITS_PER_MM), round(ymm * UNITS_PER_MM)

    def _overcut(self, poly):
        closed = len(poly) > 2 and math.dist(poly[0], poly[-1]) < 1e-6
        if not closed or self.blade["overcut_mm"] <= 0:
            return poly
        extra_px = self.blade["overcut_mm"] / PX_TO_MM
        (x0, y0), (x1, y1) = poly[0], poly[1]
        seg = math.dist(poly[0], poly[1]) or 1.0
        f = min(1.0, extra_px / seg)
        return poly + [(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)]

    def render(self, shapes):
        out = ["IN;", f"SP{self.pen};", f"FS{self.blade['force_g'] // 10};"]
        count = 0
        for poly in shapes:
            if len(poly) < 2:
                continue
            poly = self._overcut(poly)
            if self.compensate:
                offset_px = self.blade["offset_mm"] / PX_TO_MM
                poly = self.compensate(poly, offset_px)
            units = [self._to_units(p) for p in poly]
            out.append("PU{},{};".format(*units[0]))
            out.append("PD" + ",".join(f"{a},{b}" for a, b in units[1:]) + ";")
            count += 1
        out.append("PU0,0;SP0;")
        log.info("%d cut paths", count)
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="SVG to HP-GL cut file converter")
    ap.add_argument("svg", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--blade", choices=sorted(BLADES), default="45deg")
    ap.add_argument("--media-height", type=float, default=610.0,
                    help="roll width in mm (24in vinyl = 610)")
    ap.add_argument("--no-blade-comp", dest="blade_comp", action="store_false")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.svg.is_file():
        ap.error(f"{args.svg} not found")
    comp = compensate if args.blade_comp else None
    writer = HPGLWriter(args.blade, args.media_height, compensate=comp)
    try:
        hpgl = writer.render(extract_shapes(args.svg))
    except (ET.ParseError, ValueError) as exc:
        log.error("cannot convert %s: %s", args.svg, exc)
        return 1
    dest = args.output or args.svg.with_suffix(".plt")
    dest.write_text(hpgl)
    log.info("wrote %s (%d bytes)", dest, len(hpgl))
    return 0


if __name__ == "__main__":
    sys.exit(main())
