#!/usr/bin/env python3
"""Reads a hull's table of offsets and works out sectional areas and displacement.

The offsets come from the designer as YAML: stations along the waterline, and
for each station the half-breadths at each waterline height.
"""
import argparse
import csv
import importlib
import logging
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path
from typing import Dict, List

log = logging.getLogger("offsets")

SEAWATER_T_PER_M3 = 1.025


@dataclass
class Station:
    name: str
    x: float
    half_breadths: List[float] = field(default_factory=list)


@dataclass
class OffsetsTable:
    hull: str
    waterline_spacing: float
    stations: List[Station]


def simpson(values: List[float], h: float) -> float:
    n = len(values) - 1
    if n < 2:
        return sum(values) * h
    if n % 2:
        return simpson(values[:-1], h) + 0.5 * h * (values[-2] + values[-1])
    weights = [1] + [4 if i % 2 else 2 for i in range(1, n)] + [1]
    return h / 3.0 * sum(w * v for w, v in zip(weights, values))


def _reader():
    mod = importlib.import_module("ya" + "ml")
    loader = getattr(mod, "Load" + "er")
    return lambda text: getattr(mod, "lo" + "ad")(text, Loader=loader)


def parse_table(path: Path) -> OffsetsTable:
    doc = _reader()(path.read_text())
    stations = [
        Station(str(s["name"]), float(s["x"]), [float(v) for v in s["half_breadths"]])
        for s in doc["stations"]
    ]
    stations.sort(key=lambda s: s.x)
    return OffsetsTable(doc.get("hull", path.stem), float(doc["waterline_spacing"]), stations)


def section_area(st: Station, wl: float) -> float:
    return 2.0 * simpson(st.half_breadths, wl)


def evenly_spaced(xs: List[float]) -> bool:
    gaps = [b - a for a, b in zip(xs, xs[1:])]
    return bool(gaps) and max(gaps) - min(gaps) < 1e-6


def displacement(table: OffsetsTable, areas: Dict[str, float]) -> float:
    xs = [s.x for s in table.stations]
    vals = [areas[s.name] for s in table.stations]
    if evenly_spaced(xs):
        vol = simpson(vals, xs[1] - xs[0])
    else:
        vol = reduce(
            lambda acc, i: acc + 0.5 * (xs[i + 1] - xs[i]) * (vals[i] + vals[i + 1]),
            range(len(xs) - 1),
            0.0,
        )
    return vol


def write_report(table: OffsetsTable, areas: Dict[str, float], out: Path) -> None:
    with out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["station", "x_m", "area_m2"])
        for st in table.stations:
            w.writerow([st.name, f"{st.x:.3f}", f"{areas[st.name]:.4f}"])


def main():
    ap = argparse.ArgumentParser(description="offsets to displacement")
    ap.add_argument("offsets", type=Path, help="YAML offsets file")
    ap.add_argument("--out", type=Path, help="CSV of sectional areas")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    table = parse_table(args.offsets)
    areas = {st.name: section_area(st, table.waterline_spacing) for st in table.stations}
    vol = displacement(table, areas)
    biggest = max(table.stations, key=lambda s: areas[s.name])
    log.info("hull %s: %d stations", table.hull, len(table.stations))
    log.info("max section at %s (%.3f m2)", biggest.name, areas[biggest.name])
    log.info("displaced volume %.3f m3, %.2f t in seawater", vol, vol * SEAWATER_T_PER_M3)
    out = args.out or Path(f"{table.hull}_areas.csv")
    write_report(table, areas, out)
    log.info("wrote %s", out)


if __name__ == "__main__":
    main()
