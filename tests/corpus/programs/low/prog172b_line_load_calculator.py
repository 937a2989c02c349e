#!/usr/bin/env python3
"""Rider load and arrival-speed estimates for each zip line.

Takes the day's rider list (CSV), estimates each rider's arrival speed
at the brake block, and flags riders outside the line's weight window.
Results go to a JSON file in the working directory with the rendered
text report embedded as base64 for the dispatch board.
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import math
import platform
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("line-load")

G = 9.81


@dataclass(frozen=True)
class Line:
    name: str
    length_m: float
    drop_m: float
    min_kg: int
    max_kg: int
    drag: float


LINES = {
    "long": Line("long", 610.0, 58.0, 35, 125, 0.62),
    "kids": Line("kids", 120.0, 9.0, 20, 70, 0.55),
    "canopy": Line("canopy", 240.0, 21.0, 30, 120, 0.58),
}


class Estimator:
    def method_energy(self, line: Line, kg: float) -> float:
        ideal = math.sqrt(2 * G * line.drop_m)
        mass_factor = min(1.0, 0.85 + kg / 800)
        return ideal * (1 - line.drag) * mass_factor * 3.6

    def method_simple(self, line: Line, kg: float) -> float:
        return (line.drop_m / line.length_m) * 100 * (0.8 + kg / 400) * 3.6

    def run(self, name: str, line: Line, kg: float) -> float:
        return getattr(self, "method_" + name)(line, kg)


def host_info() -> dict:
    info = {"python": platform.python_version()}
    try:
        for row in Path("/etc/os-release").read_text().splitlines():
            if row.startswith("PRETTY_NAME="):
                info["os"] = row.split("=", 1)[1].strip('"')
    except OSError:
        pass
    try:
        info["cpus"] = Path("/proc/cpuinfo").read_text().count("processor\t:")
    except OSError:
        pass
    return info


def load_riders(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["ticket"], row["line"], float(row["weight_kg"])


def render(rows) -> str:
    out = [f"{'ticket':<10}{'line':<8}{'kg':>6}{'km/h':>8}  note"]
    for r in rows:
        out.append(f"{r['ticket']:<10}{r['line']:<8}{r['kg']:>6.0f}{r['kmh']:>8.1f}  {r['note']}")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description="zip line load calculator")
    parser.add_argument("riders", type=Path)
    parser.add_argument("--method", choices=["energy", "simple"], default="energy")
    parser.add_argument("--out-dir", type=Path, default=Path("load-reports"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    est = Estimator()
    rows = []
    for ticket, line_name, kg in load_riders(args.riders):
        line = LINES.get(line_name)
        if line is None:
            log.warning("ticket %s: unknown line %s", ticket, line_name)
            continue
        note = "" if line.min_kg <= kg <= line.max_kg else "OUTSIDE WEIGHT WINDOW"
        rows.append({"ticket": ticket, "line": line_name, "kg": kg,
                     "kmh": est.run(args.method, line, kg), "note": note})

    text = render(rows)
    key = hashlib.md5(args.riders.read_bytes()).hexdigest()[:12]
    args.out_dir.mkdir(exist_ok=True)
    target = args.out_dir / f"load-{key}.json"
    doc = {"host": host_info(), "method": args.method, "rows": rows,
           "report_b64": base64.b64encode(text.encode()).decode()}
    target.write_text(json.dumps(doc, indent=2))
    target.chmod(0o600)
    print(text, end="")
    log.info("%d riders, %d flagged, saved %s", len(rows), sum(1 for r in rows if r["note"]), target)


if __name__ == "__main__":
    main()
