#!/usr/bin/env python3
"""Run the VROOM route solver for tomorrow's skip drops and collections.

Builds a VROOM problem (vehicles = skip lorries, jobs = drops/exchanges/
collections) from jobs.csv and fleet.json, runs the solver in its container
against the local OSRM instance, and writes routes.json plus a per-driver
run sheet.  Talks to the Docker engine directly so the depot PC does not need
the docker CLI installed.
"""

import argparse
import csv
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("route_solver")
DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "vroomvrp/vroom-docker:v1.14.0"
SERVICE_SECONDS = {"drop": 600, "exchange": 900, "collect": 600}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, payload, {"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def run_once(self, workdir, cmd):
        spec = {
            "Image": IMAGE,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "HostConfig": {"Binds": [f"{workdir}:/work"], "NetworkMode": "host"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            return status.get("StatusCode", 1)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true")


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
    ap.add_argument("--sock", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    workdir = Path.cwd().resolve()
    problem = build_problem(args.jobs, args.fleet)
    (workdir / "problem.json").write_text(json.dumps(problem))
    LOG.info("%d jobs for %d lorries", len(problem["jobs"]), len(problem["vehicles"]))

    host, _, port = args.osrm.partition(":")
    cmd = ["vroom", "-a", host, "-p", port or "5000", "-i", "problem.json", "-o", "routes.json"]
    try:
        code = Engine(args.sock).run_once(str(workdir), cmd)
    except (OSError, RuntimeError) as exc:
        LOG.error("solver container failed: %s", exc)
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
