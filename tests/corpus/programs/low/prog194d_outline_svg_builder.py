#!/usr/bin/env python3
"""Build printable SVG outline templates from board outline JSON files.

Each ./outlines/*.json file holds half-outline widths at stations along the
board; this mirrors them, draws the template at 1:1 and embeds the shop
logo as a base64 data URI so the SVG is self-contained for the plotter.
"""
import argparse
import base64
import dataclasses
import json
import logging
import os
import pathlib
import shutil

log = logging.getLogger("outline_svg")

SRC = pathlib.Path(os.environ.get("OUTLINE_DIR", "./outlines"))
BUILD = pathlib.Path("./build/svg")
LOGO = pathlib.Path("./assets/logo.png")


@dataclasses.dataclass
class Outline:
    name: str
    length_mm: float
    stations: list  # [(x_mm, half_width_mm), ...]

    @classmethod
    def load(cls, path):
        raw = json.loads(path.read_text())
        return cls(raw.get("name", path.stem), float(raw["length_mm"]),
                   [tuple(p) for p in raw["stations"]])

    def points(self):
        top = [(x, -w) for x, w in self.stations]
        bottom = [(x, w) for x, w in reversed(self.stations)]
        return top + bottom


def logo_uri():
    if not LOGO.exists():
        return None
    return "data:image/png;base64," + base64.b64encode(LOGO.read_bytes()).decode()


def to_svg(outline, logo):
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in outline.points())
    half = max(w for _, w in outline.stations)
    h = half * 2 + 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{outline.length_mm + 40}mm" '
        f'height="{h}mm" viewBox="-20 {-half - 20} {outline.length_mm + 40} {h}">',
        f'<polygon points="{pts}" fill="none" stroke="black" stroke-width="0.5"/>',
        f'<line x1="0" y1="0" x2="{outline.length_mm}" y2="0" stroke="red" '
        'stroke-dasharray="4 4" stroke-width="0.3"/>',
        f'<text x="10" y="{half + 12}" font-size="8">{outline.name}</text>',
    ]
    if logo:
        parts.append(f'<image href="{logo}" x="{outline.length_mm - 60}" '
                     f'y="{half - 20}" width="50" height="15"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def build(only):
    BUILD.mkdir(parents=True, exist_ok=True)
    logo = logo_uri()
    made = 0
    for path in sorted(SRC.glob("*.json")):
        if only and path.stem not in only:
            continue
        outline = Outline.load(path)
        (BUILD / f"{path.stem}.svg").write_text(to_svg(outline, logo))
        made += 1
        log.info("built %s (%.0fmm)", path.stem, outline.length_mm)
    return made


def clean():
    if BUILD.exists():
        shutil.rmtree(BUILD)
        log.info("removed %s", BUILD)


COMMANDS = {"build": lambda a: build(a.only), "clean": lambda a: clean()}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=sorted(COMMANDS), nargs="?", default="build")
    ap.add_argument("--only", nargs="*", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    COMMANDS[args.command](args)


if __name__ == "__main__":
    main()
