#!/usr/bin/env python3
"""DXF to HPGL converter for the vinyl cutters.

Reads the ENTITIES section of an ASCII DXF (LINE, LWPOLYLINE, CIRCLE, ARC),
orders the paths to cut inner shapes first and writes HPGL the Graphtec and
Roland cutters accept (40 plotter units per millimetre).

    dxf_to_hpgl.py logo.dxf -o logo.plt --scale 1.0 --weed-border 5
"""
import argparse
import logging
import math
import sys
from pathlib import Path

log = logging.getLogger("dxf2hpgl")
UNITS_PER_MM = 40


def pairs(path):
    """Yield (group code, value) pairs from an ASCII DXF."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        while True:
            code = fh.readline()
            value = fh.readline()
            if not code or not value:
                return
            yield int(code.strip()), value.strip()


def entities(path):
    in_entities, current = False, None
    for code, value in pairs(path):
        if code == 2 and value == "ENTITIES":
            in_entities = True
            continue
        if not in_entities:
            continue
        if code == 0:
            if current:
                yield current
            if value == "ENDSEC":
                return
            current = {"type": value, "codes": []}
        elif current is not None:
            current["codes"].append((code, value))


def arc_points(cx, cy, r, start_deg, end_deg, seg_mm=0.5):
    if end_deg <= start_deg:
        end_deg += 360
    sweep = math.radians(end_deg - start_deg)
    steps = max(8, int(abs(sweep) * r / seg_mm))
    return [(cx + r * math.cos(math.radians(start_deg) + sweep * i / steps),
             cy + r * math.sin(math.radians(start_deg) + sweep * i / steps))
            for i in range(steps + 1)]


def to_path(ent):
    codes = ent["codes"]
    get = lambda c, d=0.0: next((float(v) for k, v in codes if k == c), d)
    kind = ent["type"]
    if kind == "LINE":
        return [(get(10), get(20)), (get(11), get(21))]
    if kind == "LWPOLYLINE":
        xs = [float(v) for k, v in codes if k == 10]
        ys = [float(v) for k, v in codes if k == 20]
        pts = list(zip(xs, ys))
        if int(get(70)) & 1 and pts:
            pts.append(pts[0])
        return pts
    if kind == "CIRCLE":
        return arc_points(get(10), get(20), get(40), 0, 360)
    if kind == "ARC":
        return arc_points(get(10), get(20), get(40), get(50), get(51))
    log.debug("ignoring %s", kind)
    return None


def bbox(path):
    xs, ys = zip(*path)
    return min(xs), min(ys), max(xs), max(ys)


def area(path):
    x0, y0, x1, y1 = bbox(path)
    return (x1 - x0) * (y1 - y0)


def to_hpgl(paths, scale, weed_border):
    out = ["IN;", "SP1;", "VS20;"]
    allx0, ally0, allx1, ally1 = bbox([p for path in paths for p in path])
    u = lambda v: int(round(v * scale * UNITS_PER_MM))
    for path in sorted(paths, key=area):     # small (inner) shapes first
        pts = [(u(x - allx0), u(y - ally0)) for x, y in path]
        out.append("PU%d,%d;" % pts[0])
        out.append("PD" + ",".join(f"{x},{y}" for x, y in pts[1:]) + ";")
    if weed_border > 0:
        b = u(weed_border / scale)
        w, h = u(allx1 - allx0), u(ally1 - ally0)
        out.append(f"PU{-b},{-b};PD{w + b},{-b},{w + b},{h + b},{-b},{h + b},{-b},{-b};")
    out.extend(["PU0,0;", "SP0;"])
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description="Convert DXF to cutter HPGL")
    ap.add_argument("dxf", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--weed-border", type=float, default=0.0,
                    help="mm of weeding border around the design (0 = none)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.dxf.is_file():
        log.error("%s not found", args.dxf)
        return 1
    paths = [p for p in (to_path(e) for e in entities(args.dxf)) if p and len(p) > 1]
    if not paths:
        log.error("no cuttable entities in %s", args.dxf)
        return 1
    out = args.output or args.dxf.with_suffix(".plt")
    out.write_text(to_hpgl(paths, args.scale, args.weed_border))
    x0, y0, x1, y1 = bbox([p for path in paths for p in path])
    log.info("%d paths, %.0f x %.0f mm -> %s", len(paths),
             (x1 - x0) * args.scale, (y1 - y0) * args.scale, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
