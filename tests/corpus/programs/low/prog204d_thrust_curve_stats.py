#!/usr/bin/env python3
"""Summarise RASP (.eng) thrust curves: total impulse, average thrust,
burn time and impulse class, as a table, CSV or JSON."""
import argparse
import csv
import io
import json
import logging
import sys
from dataclasses import dataclass, asdict, field
from pathlib import Path

log = logging.getLogger("thrust-stats")


@dataclass
class Curve:
    name: str
    diameter_mm: float
    length_mm: float
    points: list = field(default_factory=list)

    @property
    def burn_time(self) -> float:
        return self.points[-1][0] if self.points else 0.0

    @property
    def total_impulse(self) -> float:
        total, prev_t, prev_f = 0.0, 0.0, 0.0
        for t, f in self.points:
            total += (t - prev_t) * (f + prev_f) / 2
            prev_t, prev_f = t, f
        return total

    @property
    def impulse_class(self) -> str:
        limit = 2.5
        for letter in "ABCDEFGHIJKLMNO":
            if self.total_impulse <= limit:
                return letter
            limit *= 2
        return "?"

    def summary(self) -> dict:
        avg = self.total_impulse / self.burn_time if self.burn_time else 0.0
        return {"name": self.name, "class": self.impulse_class, "diameter_mm": self.diameter_mm,
                "total_impulse_ns": round(self.total_impulse, 1),
                "avg_thrust_n": round(avg, 1), "burn_time_s": round(self.burn_time, 2)}


def parse_eng(path: Path) -> Curve:
    curve = None
    for raw in path.read_text(errors="ignore").splitlines():
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if curve is None:
            curve = Curve(parts[0], float(parts[1]), float(parts[2]))
        else:
            curve.points.append((float(parts[0]), float(parts[1])))
    if curve is None:
        raise ValueError("no header line")
    return curve


def as_table(rows):
    out = io.StringIO()
    for r in rows:
        out.write(f"{r['name']:<10} {r['class']} {r['diameter_mm']:>5.0f}mm "
                  f"{r['total_impulse_ns']:>8.1f}Ns {r['avg_thrust_n']:>7.1f}N {r['burn_time_s']:>5.2f}s\n")
    return out.getvalue()


def as_csv(rows):
    out = io.StringIO()
    if rows:
        w = csv.DictWriter(out, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return out.getvalue()


FORMATS = {"table": as_table, "csv": as_csv, "json": lambda rows: json.dumps(rows, indent=2) + "\n"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--format", choices=sorted(FORMATS), default="table")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rows = []
    for path in args.files:
        try:
            rows.append(parse_eng(path).summary())
        except (OSError, ValueError, IndexError) as exc:
            log.warning("%s: %s", path, exc)
    sys.stdout.write(FORMATS[args.format](sorted(rows, key=lambda r: r["total_impulse_ns"])))
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
