#!/usr/bin/env python3
"""Day-ahead dispatch optimiser for the community battery.

Reads the day-ahead price curve and the solar forecast, writes a MathProg
model of the charge/discharge problem and hands it to an external LP solver
(GLPK's glpsol by default). The resulting schedule is written as CSV for the
battery gateway to pick up.
"""
import argparse
import csv
import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("dispatch-opt")

SOLVERS = {
    "glpsol": ["glpsol", "--math", "{model}", "-o", "{report}", "--tmlim", "{limit}"],
    "cbc": ["cbc", "{model}", "sec", "{limit}", "solve", "solu", "{report}"],
}


@dataclass
class Battery:
    capacity_kwh: float = 500.0
    max_kw: float = 250.0
    efficiency: float = 0.92
    soc_start: float = 0.5


def read_series(path, column):
    with open(path, newline="") as fh:
        return [float(r[column]) for r in csv.DictReader(fh)]


def write_model(path, prices, solar, batt):
    hours = len(prices)
    with open(path, "w") as fh:
        fh.write(f"set H := 1..{hours};\n")
        fh.write("param price{H}; param pv{H};\n")
        fh.write(f"var ch{{H}} >= 0, <= {batt.max_kw};\n")
        fh.write(f"var dis{{H}} >= 0, <= {batt.max_kw};\n")
        fh.write(f"var soc{{H}} >= 0, <= {batt.capacity_kwh};\n")
        fh.write("maximize revenue: sum{h in H} price[h] * (dis[h] - ch[h]);\n")
        fh.write(f"s.t. first: soc[1] = {batt.soc_start * batt.capacity_kwh} "
                 f"+ {batt.efficiency} * ch[1] - dis[1];\n")
        fh.write(f"s.t. bal{{h in H: h > 1}}: soc[h] = soc[h-1] + {batt.efficiency} * ch[h] - dis[h];\n")
        fh.write("s.t. pvonly{h in H}: ch[h] <= pv[h];\n")
        fh.write("solve;\n")
        fh.write('printf{h in H} "%d,%.3f,%.3f,%.3f\\n", h, ch[h], dis[h], soc[h] > "schedule.raw";\n')
        fh.write("data;\n")
        fh.write("param price := " + " ".join(f"{i + 1} {p}" for i, p in enumerate(prices)) + ";\n")
        fh.write("param pv := " + " ".join(f"{i + 1} {s}" for i, s in enumerate(solar)) + ";\n")
        fh.write("end;\n")


class SolverBackend:
    def __init__(self, name, limit, workdir):
        if name not in SOLVERS:
            raise ValueError(f"unknown solver {name}")
        self.name = name
        self.limit = limit
        self.workdir = Path(workdir)

    def available(self):
        return shutil.which(SOLVERS[self.name][0]) is not None

    def solve(self, model):
        report = self.workdir / "solver-report.txt"
        argv = [a.format(model=model, report=report, limit=self.limit) for a in SOLVERS[self.name]]
        log.info("running %s", " ".join(argv))
        proc = subprocess.run(argv, cwd=self.workdir, capture_output=True, text=True,
                              timeout=self.limit + 30)
        if proc.returncode != 0:
            raise RuntimeError(f"{self.name} failed: {proc.stderr.strip()[:300]}")
        return self.workdir / "schedule.raw"


def to_schedule(raw, out):
    with open(raw) as src, open(out, "w", newline="") as dst:
        w = csv.writer(dst)
        w.writerow(["hour", "charge_kw", "discharge_kw", "soc_kwh"])
        for line in src:
            w.writerow(line.strip().split(","))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prices", required=True, help="CSV with a price_eur_mwh column")
    ap.add_argument("--forecast", required=True, help="CSV with a pv_kw column")
    ap.add_argument("--battery", default="battery.json")
    ap.add_argument("--solver", default=os.environ.get("DISPATCH_SOLVER", "glpsol"))
    ap.add_argument("--time-limit", type=int, default=60)
    ap.add_argument("--workdir", default="build")
    ap.add_argument("-o", "--output", default="schedule.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    batt = Battery()
    if Path(args.battery).exists():
        batt = Battery(**json.loads(Path(args.battery).read_text()))
    prices = [p / 1000 for p in read_series(args.prices, "price_eur_mwh")]
    solar = read_series(args.forecast, "pv_kw")
    if len(prices) != len(solar):
        log.error("price curve has %d hours but forecast has %d", len(prices), len(solar))
        return 1

    Path(args.workdir).mkdir(exist_ok=True)
    model = Path(args.workdir) / "dispatch.mod"
    write_model(model, prices, solar, batt)
    backend = SolverBackend(args.solver, args.time_limit, args.workdir)
    if not backend.available():
        log.error("solver %s not found on PATH", args.solver)
        return 1
    try:
        raw = backend.solve(model.name)
        to_schedule(raw, args.output)
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
        log.error("optimisation failed: %s", exc)
        return 1
    log.info("schedule for %d hours written to %s", len(prices), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
