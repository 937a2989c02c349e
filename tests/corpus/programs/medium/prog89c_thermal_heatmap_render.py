#!/usr/bin/env python3
"""Render per-hall thermal heatmaps (SVG) from rack inlet sensor exports.

Input is the CSV the BMS exports every 5 minutes:

    hall,row,position,sensor,inlet_c,ts
    H2,C,14,top,24.6,2024-05-02T10:05:00Z

Colour scales are small Python modules exposing ``colour_for(temp_c)`` and
``LEGEND`` so facilities can tune the thresholds without a code change.
"""
import argparse
import csv
import logging
import statistics
import sys
import types
from collections import defaultdict
from pathlib import Path
from xml.sax.saxutils import escape

log = logging.getLogger("thermal_render")

CELL = 28
PAD = 40


class Palette:
    """Wraps a palette module loaded from a source file."""

    default_source = Path("palettes/ashrae_a1.py")

    def __init__(self, module: types.ModuleType):
        if not hasattr(module, "colour_for"):
            raise ValueError("palette module has no colour_for()")
        self.module = module
        self.legend = getattr(module, "LEGEND", [])

    @classmethod
    def from_source(cls, source: Path) -> "Palette":
        text = source.read_text(encoding="utf-8")
        mod = types.ModuleType(f"palette_{source.stem}")
        mod.__file__ = str(source)
        exec(compile(text, str(source), "exec"), mod.__dict__)
        log.info("palette %s loaded (%d legend entries)", source.name,
                 len(getattr(mod, "LEGEND", [])))
        return cls(mod)

    def colour(self, temp: float) -> str:
        return self.module.colour_for(temp)


def read_samples(paths):
    """Yield (hall, row, position, inlet_c) tuples from one or more CSVs."""
    for path in paths:
        with open(path, newline="") as fh:
            for rec in csv.DictReader(fh):
                try:
                    yield rec["hall"], rec["row"], int(rec["position"]), float(rec["inlet_c"])
                except (KeyError, ValueError) as exc:
                    log.debug("skipping bad row in %s: %s", path, exc)


def build_grid(samples):
    """Average all sensors per rack -> {hall: {(row, pos): temp}}."""
    acc = defaultdict(lambda: defaultdict(list))
    for hall, row, pos, temp in samples:
        acc[hall][(row, pos)].append(temp)
    return {
        hall: {key: statistics.fmean(vals) for key, vals in racks.items()}
        for hall, racks in acc.items()
    }


def render_svg(hall: str, grid: dict, palette: Palette) -> str:
    rows = sorted({r for r, _ in grid})
    max_pos = max(p for _, p in grid)
    width = PAD * 2 + CELL * max_pos
    height = PAD * 2 + CELL * len(rows) + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">',
           f'<text x="{PAD}" y="24" font-family="sans-serif">{escape(hall)} inlet temperatures</text>']
    for ri, row in enumerate(rows):
        y = PAD + ri * CELL
        out.append(f'<text x="8" y="{y + 18}" font-size="12">{escape(row)}</text>')
        for pos in range(1, max_pos + 1):
            temp = grid.get((row, pos))
            fill = palette.colour(temp) if temp is not None else "#eeeeee"
            x = PAD + (pos - 1) * CELL
            label = f"{row}{pos:02d}: {temp:.1f}C" if temp is not None else f"{row}{pos:02d}: n/a"
            out.append(f'<rect x="{x}" y="{y}" width="{CELL - 2}" height="{CELL - 2}" '
                       f'fill="{fill}"><title>{escape(label)}</title></rect>')
    ly = PAD + len(rows) * CELL + 16
    for i, (name, colour) in enumerate(palette.legend):
        out.append(f'<rect x="{PAD + i * 90}" y="{ly}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{PAD + i * 90 + 16}" y="{ly + 11}" font-size="11">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description="thermal heatmap renderer")
    ap.add_argument("csv", nargs="+", type=Path)
    ap.add_argument("-p", "--palette", type=Path, default=Palette.default_source)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path("heatmaps"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        palette = Palette.from_source(args.palette)
    except (OSError, ValueError, SyntaxError) as exc:
        log.error("cannot load palette %s: %s", args.palette, exc)
        return 1

    grids = build_grid(read_samples(args.csv))
    if not grids:
        log.error("no usable samples in %s", ", ".join(map(str, args.csv)))
        return 1

    args.out_dir.mkdir(parents=True, exist_ok=True)
    for hall, grid in sorted(grids.items()):
        target = args.out_dir / f"{hall.lower()}_inlet.svg"
        target.write_text(render_svg(hall, grid, palette), encoding="utf-8")
        hottest = max(grid.items(), key=lambda kv: kv[1])
        log.info("%s: %d racks, hottest %s%02d at %.1fC -> %s", hall, len(grid),
                 hottest[0][0], hottest[0][1], hottest[1], target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
