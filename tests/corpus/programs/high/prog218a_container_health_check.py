#!/usr/bin/env python3
"""Check and restart the fleet telemetry containers.

The telemetry stack (ingest, trip matcher, rebalancer) runs as Docker
containers on the ops server.  This talks to the Docker engine through its
socket with curl, lists the containers with the fleet label and restarts
the ones that report unhealthy.
"""
import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import urllib.parse

LOG = logging.getLogger("container_health")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
FLEET_LABEL = "com.example.fleet.stack=telemetry"


class DockerEngine:
    def __init__(self, sock: str):
        self.sock = sock

    def _curl(self, method: str, path: str) -> str:
        cmd = (
            f"curl -s --max-time 30 --unix-socket {shlex.quote(self.sock)} "
            f"-X {method} " + shlex.quote(f"http://localhost/v1.43{path}")
        )
        result = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"docker API {method} {path} failed: {result.stderr.strip()}")
        return result.stdout

    def containers(self) -> list:
        filters = json.dumps({"label": [FLEET_LABEL]})
        path = "/containers/json?all=1&filters=" + urllib.parse.quote(filters, safe="")
        return json.loads(self._curl("GET", path) or "[]")

    def inspect(self, cid: str) -> dict:
        return json.loads(self._curl("GET", f"/containers/{cid}/json"))

    def restart(self, cid: str, timeout: int = 20) -> None:
        self._curl("POST", f"/containers/{cid}/restart?t={timeout}")


def health_of(info: dict) -> str:
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--restart", action="store_true", help="restart unhealthy containers")
    parser.add_argument("--include-stopped", action="store_true")
    parser.add_argument("--json", action="store_true", help="print a JSON report")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.exists(DOCKER_SOCK):
        LOG.error("docker socket %s not found", DOCKER_SOCK)
        return 2

    engine = DockerEngine(DOCKER_SOCK)
    report = []
    try:
        for summary in engine.containers():
            cid = summary["Id"][:12]
            name = summary.get("Names", ["?"])[0].lstrip("/")
            status = health_of(engine.inspect(cid))
            entry = {"id": cid, "name": name, "health": status, "action": "none"}
            needs = status == "unhealthy" or (args.include_stopped and status == "stopped")
            if needs and args.restart:
                LOG.warning("restarting %s (%s)", name, status)
                engine.restart(cid)
                entry["action"] = "restarted"
            elif needs:
                entry["action"] = "needs-restart"
            report.append(entry)
    except (RuntimeError, json.JSONDecodeError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for e in report:
            print(f"{e['name']:<28} {e['health']:<10} {e['action']}")
    return 0 if all(e["health"] in ("healthy", "none") or e["action"] == "restarted" for e in report) else 3


if __name__ == "__main__":
    sys.exit(main())
