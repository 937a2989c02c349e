#!/usr/bin/env python3
"""Pre-exam readiness check for a lab seat.

Run by the invigilator before an online exam. Collects basic facts about
the seat (OS image, CPU, free disk in the exam folder), checks that the exam
server answers and writes a local readiness record next to the script. The
record is not uploaded anywhere; the invigilator reads it on screen.
"""
import argparse
import json
import logging
import platform
import shutil
import socket
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("seat-check")

MIN_FREE_MB = 500
MIN_CORES = 2


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path) as fh:
            for line in fh:
                if "=" in line:
                    k, v = line.rstrip("\n").split("=", 1)
                    info[k] = v.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def cpu_summary(path="/proc/cpuinfo"):
    model, cores = "unknown", 0
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("processor"):
                    cores += 1
                elif line.startswith("model name") and model == "unknown":
                    model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    return {"model": model, "cores": cores}


def probe_server(url, timeout=5.0):
    req = urllib.request.Request(url, method="HEAD")
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, socket.timeout) as exc:
        return {"reachable": False, "error": str(exc)}
    return {"reachable": status < 500, "status": status,
            "latency_ms": round((time.monotonic() - start) * 1000, 1)}


def evaluate(record):
    problems = []
    if record["cpu"]["cores"] < MIN_CORES:
        problems.append("too few CPU cores")
    if record["free_mb"] < MIN_FREE_MB:
        problems.append("not enough free disk in exam folder")
    if not record["server"].get("reachable"):
        problems.append("exam server unreachable")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="https://exams.example-college.ac.uk/health")
    ap.add_argument("--seat", default=socket.gethostname())
    ap.add_argument("--out", type=Path, default=Path("seat_readiness.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    osr = read_os_release()
    record = {
        "seat": args.seat,
        "os": osr.get("PRETTY_NAME", platform.system()),
        "python": platform.python_version(),
        "cpu": cpu_summary(),
        "free_mb": shutil.disk_usage(".").free // (1024 * 1024),
        "server": probe_server(args.server),
        "checked_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    record["problems"] = evaluate(record)

    args.out.write_text(json.dumps(record, indent=2))
    args.out.chmod(0o600)

    if record["problems"]:
        for p in record["problems"]:
            log.warning("NOT READY: %s", p)
        return 1
    log.info("seat %s ready (%s, %d cores)", args.seat, record["os"], record["cpu"]["cores"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
