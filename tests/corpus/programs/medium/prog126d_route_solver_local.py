#!/usr/bin/env python3
"""Run the VROOM route solver for tomorrow's skip drops and collections.

Builds a VROOM problem (vehicles = skip lorries, jobs = drops/exchanges/
collections) from jobs.csv and fleet.json, runs the locally installed vroom
binary against the depot OSRM instance, and writes routes.json plus a
per-driver run sheet.
"""

import argparse
import csv
import json
import logging
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("route_solver")
SERVICE_SECONDS = {"drop": 600, "exchange": 900, "collect": 600}


class Solver:
    def __init__(self, binary="vroom", osrm="127.0.0.1:5000", threads=4):
        self.binary = shutil.which(binary) or binary
        self.host, _, port = osrm.partition(":")
        self.port = port or "5000"
        self.threads = threads

    def run(self, problem_path, out_path, timeout=300):
        cmd = [self.binary, "-a", self.host, "-p", self.port, "-t", str(self.threads),
               "-i", str(problem_path), "-o", str(out_path)]
        LOG.debug("running %s", " ".join(cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0:
            LOG.error("vroom stderr: %s", proc.stderr.strip()[:500])
        return proc.returncode


def build_problem(jobs_csv, fleet_json):
    fleet = json.loads(Path(fleet_json).read_text())
    vehicles = [{
        "id": i + 1,
        "description": v["reg"],
        "start": [v["depot_lon"], v["depot_lat"]],
        "end": [v["depot_lon"], v["depot_lat"]],
        "capacity": [v.get("max_skips", 1)],
        "time_window": [v.get("start_s", 25200), v.get("end_s", 61200)],
    } for i, v in enumerate(fleet["lorries"])]
    jobs = []
    with open(jobs_csv, newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh)):
            jobs.append({
                "id": i + 1,
                "description": row["booking_ref"],
                "location": [float(row["lon"]), float(row["lat"])],
                "service": SERVICE_SECONDS.get(row["kind"], 600),
                "delivery": [1] if row["kind"] == "drop" else [0],
                "pickup": [1] if row["kind"] == "collect" else [0],
            })
    return {"vehicles": vehicles, "jobs": jobs}


def write_run_sheets(solution, out_dir):
    out_dir.mkdir(exist_ok=True)
    for route in solution.get("routes", []):
        lines = [f"Lorry {route.get('description', route['vehicle'])}"]
        for step in route["steps"]:
            if step["type"] == "job":
                eta = time.strftime("%H:%M", time.gmtime(step["arrival"]))
                lines.append(f"  {eta}  {step.get('description', step['job'])}")
        (out_dir / f"runsheet_{route['vehicle']}.txt").write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description="Solve tomorrow's skip lorry routes")
    ap.add_argument("--jobs", default="jobs.csv")
    ap.add_argument("--fleet", default="fleet.json")
    ap.add_argument("--osrm", default="127.0.0.1:5000")
    ap.add_argument("--vroom", default="vroom", help="path to the vroom binary")
    ap.add_argument("--threads", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    workdir = Path.cwd().resolve()
    problem = build_problem(args.jobs, args.fleet)
    (workdir / "problem.json").write_text(json.dumps(problem))
    LOG.info("%d jobs for %d lorries", len(problem["jobs"]), len(problem["vehicles"]))

    solver = Solver(args.vroom, args.osrm, args.threads)
    try:
        code = solver.run(workdir / "problem.json", workdir / "routes.json")
    except (OSError, subprocess.TimeoutExpired) as exc:
        LOG.error("solver failed: %s", exc)
        return 1
    if code != 0:
        LOG.error("vroom exited with %s", code)
        return code

    solution = json.loads((workdir / "routes.json").read_text())
    write_run_sheets(solution, workdir / "runsheets")
    LOG.info("unassigned jobs: %d", len(solution.get("unassigned", [])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
