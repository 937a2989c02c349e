#!/usr/bin/env python3
"""Health check for the seabird-cam and gallery-cam containers.

Queries the Docker Engine API over the local socket with curl, reports the
state of every camera container, and restarts the ones that are unhealthy
or exited so the visitor-centre screens come back without a keeper visit.
"""
import argparse
import json
import logging
import subprocess
import sys
from dataclasses import dataclass

LOG = logging.getLogger("cam-check")
SOCKET = "/var/run/docker.sock"
API = "http://localhost/v1.43"


@dataclass
class Container:
    cid: str
    name: str
    state: str
    status: str

    @property
    def unhealthy(self) -> bool:
        return self.state != "running" or "unhealthy" in self.status


class DockerSocketClient:
    def __init__(self, socket_path: str, timeout: int = 10):
        self.socket_path = socket_path
        self.timeout = timeout

    def _curl(self, method: str, path: str) -> str:
        cmd = ["curl", "-sS", "--max-time", str(self.timeout),
               "--unix-socket", self.socket_path, "-X", method, API + path]
        LOG.debug("running %s", " ".join(cmd))
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"curl failed: {res.stderr.strip()}")
        return res.stdout

    def containers(self, prefix: str):
        raw = self._curl("GET", "/containers/json?all=1")
        for item in json.loads(raw):
            names = [n.lstrip("/") for n in item.get("Names", [])]
            name = next((n for n in names if n.startswith(prefix)), None)
            if name is None:
                continue
            yield Container(item["Id"][:12], name, item.get("State", "?"),
                            item.get("Status", ""))

    def restart(self, cid: str) -> None:
        self._curl("POST", f"/containers/{cid}/restart?t=10")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--prefix", default="cam-",
                   help="container name prefix to check")
    p.add_argument("--socket", default=SOCKET)
    p.add_argument("--no-restart", action="store_true")
    p.add_argument("--json", action="store_true", help="print JSON summary")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = DockerSocketClient(args.socket)
    try:
        cams = list(client.containers(args.prefix))
    except (RuntimeError, ValueError) as exc:
        LOG.error("cannot list containers: %s", exc)
        return 1
    if not cams:
        LOG.warning("no containers matching %s*", args.prefix)
        return 1

    summary = []
    failures = 0
    for c in cams:
        entry = {"name": c.name, "state": c.state, "status": c.status,
                 "action": "none"}
        if c.unhealthy and not args.no_restart:
            try:
                client.restart(c.cid)
                entry["action"] = "restarted"
                LOG.info("restarted %s (%s)", c.name, c.status)
            except RuntimeError as exc:
                entry["action"] = f"restart failed: {exc}"
                failures += 1
        elif c.unhealthy:
            entry["action"] = "needs restart"
            failures += 1
        summary.append(entry)

    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        for e in summary:
            print(f"{e['name']:<20} {e['state']:<10} {e['action']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
