#!/usr/bin/env python3
"""Report on the food bank's containers on the ops host.

The volunteer portal, the inventory API and the nightly report worker all
run as containers on one ops box. This tool asks the local Docker engine
which of them are running, how long they have been up and whether their
health checks pass, and writes container_status.json for the ops wiki.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

DOCKER_SOCKET = "/var/run/docker.sock"
EXPECTED = ("volunteer-portal", "inventory-api", "report-worker")

log = logging.getLogger("container_status")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the Docker engine's unix socket."""

    def __init__(self, socket_path, timeout=10):
        # The host name only fills the Host header; traffic stays on the socket.
        super().__init__("docker.example.org", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def get(self, path):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status != 200:
                raise RuntimeError(f"GET {path} -> HTTP {resp.status}")
            return json.loads(body)
        finally:
            conn.close()

    def containers(self):
        return self.get("/containers/json?all=1")

    def inspect(self, cid):
        return self.get(f"/containers/{cid}/json")


def summarise(client):
    rows = {}
    for c in client.containers():
        name = c.get("Names", ["?"])[0].lstrip("/")
        if not any(name.startswith(e) for e in EXPECTED):
            continue
        detail = client.inspect(c["Id"])
        state = detail.get("State", {})
        rows[name] = {
            "image": c.get("Image"),
            "status": state.get("Status"),
            "started_at": state.get("StartedAt"),
            "restarts": detail.get("RestartCount", 0),
            "health": state.get("Health", {}).get("Status", "none"),
        }
    return rows


def main():
    p = argparse.ArgumentParser(description="Food bank container status report")
    p.add_argument("--socket", default=DOCKER_SOCKET)
    p.add_argument("--out", default="container_status.json")
    args = p.parse_args()

    logging.basicConfig(filename="container_status.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerClient(args.socket)
    try:
        rows = summarise(client)
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("docker engine query failed: %s", exc)
        print(f"Cannot query Docker engine: {exc}", file=sys.stderr)
        return 1

    missing = [e for e in EXPECTED if not any(n.startswith(e) for n in rows)]
    report = {"generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
              "containers": rows, "missing": missing}
    Path(args.out).write_text(json.dumps(report, indent=2), encoding="utf-8")
    for name, info in sorted(rows.items()):
        print(f"{name:28} {info['status']:10} health={info['health']}")
    if missing:
        log.warning("missing containers: %s", ", ".join(missing))
        print("MISSING: " + ", ".join(missing))
        return 3
    log.info("%d containers reported", len(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
