#!/usr/bin/env python3
"""Morning status check for a signal box simulator PC.

Asks the museum panel service whether the simulator is registered, posts
this box's simulator health to the same service, and writes a small local
report (including the PC's OS and CPU) for the duty volunteer.
"""
import argparse
import base64
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("panel_status")

API = {"base": "https://panel.example.com/api/v1", "timeout": 10}
KEY_VAR = "PANEL_API_KEY"


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        for line in Path(path).read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def cpu_model(path="/proc/cpuinfo"):
    try:
        for line in Path(path).read_text().splitlines():
            if line.lower().startswith(("model name", "hardware")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


class PanelClient:
    def __init__(self, base, key, timeout):
        self.base = base.rstrip("/")
        self.key = key
        self.timeout = timeout

    def _request(self, method, route, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(f"{self.base}{route}", data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.key:
            req.add_header("Authorization", f"Bearer {self.key}")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else {}

    def status(self, box):
        return self._request("GET", f"/boxes/{box}/status")

    def report_health(self, box, health):
        return self._request("POST", f"/boxes/{box}/health", health)


def simulator_health(workdir):
    state = Path(workdir, "state")
    levers = list(state.glob("lever_*.state")) if state.is_dir() else []
    reversed_ = sum(1 for p in levers if p.read_text().strip() == "R")
    logs = Path(workdir, "logs")
    errors = 0
    if logs.is_dir():
        for p in logs.glob("*.log"):
            errors += sum(1 for line in p.read_text(errors="replace").splitlines() if "ERROR" in line)
    return {"levers": len(levers), "reversed": reversed_, "log_errors": errors,
            "checked_at": int(time.time())}


def write_report(path, report):
    text = json.dumps(report, indent=2)
    encoded = base64.b64encode(text.encode()).decode()
    Path(path).write_text(text + "\n\n# paste code for the duty log:\n# " + encoded + "\n")
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("box", help="box id, e.g. 'hartley-junction'")
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--report", default="status-report.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    client = PanelClient(API["base"], os.environ.get(KEY_VAR), API["timeout"])
    health = simulator_health(args.workdir)
    report = {"box": args.box, "os": read_os_release(), "cpu": cpu_model(), "health": health}
    try:
        report["panel"] = client.status(args.box)
        client.report_health(args.box, health)
        log.info("panel service updated")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        log.warning("panel service unavailable: %s", exc)
        report["panel"] = {"error": str(exc)}
    write_report(args.report, report)
    log.info("report written to %s", args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
