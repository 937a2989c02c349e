#!/usr/bin/env python3
"""Render cemetery section maps to SVG tiles for the grounds office kiosk.

Plot inventory comes from the CSV export of the interment register
(section, row, plot, status, owner, x, y).  Colouring and labelling is
delegated to a named map style kept in the project's ``styles/`` folder so
each property can tweak its own look without touching the renderer.
"""
import argparse
import csv
import logging
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("plot-tiles")

TILE = 512
PLOT_W, PLOT_H = 18, 36


class StyleRegistry:
    """Resolves a style name to a callable ``style_plot(plot) -> dict``."""

    def __init__(self, style_dir):
        self.style_dir = Path(style_dir)
        self._cache = {}

    def _read_source(self, name):
        path = self.style_dir / f"{name}.py"
        return path.read_text(encoding="utf-8"), str(path)

    def resolve(self, name):
        if name in self._cache:
            return self._cache[name]
        source, origin = self._read_source(name)
        namespace = {"__name__": f"plotstyle_{name}"}
        exec(compile(source, origin, "exec"), namespace)
        fn = namespace.get("style_plot")
        if not callable(fn):
            raise LookupError(f"style {name!r} does not define style_plot()")
        self._cache[name] = fn
        return fn


def default_style(plot):
    colours = {"available": "#9bd39b", "reserved": "#f2d17c", "occupied": "#b7b7b7"}
    return {"fill": colours.get(plot["status"], "#ffffff"), "label": plot["plot"]}


def read_inventory(path):
    sections = defaultdict(list)
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                row["x"], row["y"] = float(row["x"]), float(row["y"])
            except (KeyError, ValueError):
                log.warning("bad coordinates for %s-%s", row.get("section"), row.get("plot"))
                continue
            sections[row["section"]].append(row)
    return sections


def render_tile(plots, style_fn):
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{TILE}" height="{TILE}">']
    for p in plots:
        st = style_fn(p)
        parts.append(
            f'<rect x="{p["x"]:.1f}" y="{p["y"]:.1f}" width="{PLOT_W}" height="{PLOT_H}" '
            f'fill="{st["fill"]}" stroke="#333" stroke-width="0.5"/>'
        )
        parts.append(
            f'<text x="{p["x"] + 2:.1f}" y="{p["y"] + 12:.1f}" font-size="8">{st["label"]}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="plot inventory CSV")
    ap.add_argument("-o", "--out", default="tiles")
    ap.add_argument("--style", default="group-standard",
                    help="style name in --style-dir (use 'builtin' for the default)")
    ap.add_argument("--style-dir", default="styles")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    style_fn = default_style
    if args.style != "builtin":
        try:
            style_fn = StyleRegistry(args.style_dir).resolve(args.style)
        except (OSError, LookupError) as exc:
            log.warning("falling back to builtin style: %s", exc)

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sections = read_inventory(args.inventory)
    for section, plots in sorted(sections.items()):
        target = out / f"section_{section}.svg"
        target.write_text(render_tile(plots, style_fn), encoding="utf-8")
        log.info("wrote %s (%d plots)", target, len(plots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
