#!/usr/bin/env python3
"""Watchdog for the seller-risk scorer containers.

The onboarding risk scorer runs as a handful of containers on each scoring
host (name prefix "seller-risk-"). When one goes unhealthy the onboarding
queue backs up and sellers wait hours for a decision. This watchdog asks
the local Docker engine for the scorer containers, restarts any that are
unhealthy or exited, and writes a short status report.

Usage:
    scorer_container_watchdog.py [--prefix seller-risk-] [--restart] [--report status.json]
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

LOG = logging.getLogger("scorer-watchdog")
DOCKER_SOCKET = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the Docker engine's unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, socket_path=DOCKER_SOCKET):
        self.socket_path = socket_path

    def _request(self, method, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self, prefix):
        filters = quote(json.dumps({"name": [prefix]}))
        return self._request("GET", f"/containers/json?all=1&filters={filters}")

    def restart(self, container_id):
        self._request("POST", f"/containers/{container_id}/restart?t=20")


def classify(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    if state == "exited":
        return "exited"
    if "(unhealthy)" in status:
        return "unhealthy"
    if state == "running":
        return "ok"
    return state or "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prefix", default="seller-risk-")
    ap.add_argument("--restart", action="store_true", help="restart unhealthy/exited scorers")
    ap.add_argument("--report", default="scorer_status.json")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    engine = DockerEngine()
    try:
        found = engine.containers(args.prefix)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot query docker engine: %s", exc)
        return 2

    report = {"checked_at": int(time.time()), "containers": []}
    for c in found:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        verdict = classify(c)
        entry = {"name": name, "id": c["Id"][:12], "verdict": verdict, "action": "none"}
        if verdict in ("exited", "unhealthy") and args.restart:
            try:
                engine.restart(c["Id"])
                entry["action"] = "restarted"
                LOG.warning("restarted %s (%s)", name, verdict)
            except (OSError, RuntimeError) as exc:
                entry["action"] = f"restart failed: {exc}"
                LOG.error("could not restart %s: %s", name, exc)
        else:
            LOG.info("%s: %s", name, verdict)
        report["containers"].append(entry)

    with open(args.report, "w") as fh:
        json.dump(report, fh, indent=2)
    bad = sum(1 for e in report["containers"] if e["verdict"] != "ok")
    LOG.info("%d scorer containers, %d not ok; report in %s", len(found), bad, args.report)
    return 0 if bad == 0 or args.restart else 1


if __name__ == "__main__":
    sys.exit(main())
