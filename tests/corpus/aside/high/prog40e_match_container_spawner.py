#!/usr/bin/env python3
"""Spawn one dedicated-server container per ranked match.

The matchmaker drops match requests as JSON files into ./queue. This worker
picks them up and starts a hlserver container for each one by talking to
the Docker Engine API directly over the local Docker socket, then writes the
assigned host port back into ./assigned/<match id>.json.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("spawner")
IMAGE = "registry.lanternforge.games/hlserver:1.7.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.socket_path)
        self.sock = s


class Engine:
    def __init__(self, socket_path: str):
        self.socket_path = socket_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def run_match(self, match: dict, host_port: int) -> str:
        spec = {
            "Image": IMAGE,
            "Env": [f"HL_MATCH_ID={match['id']}", f"HL_MAP={match['map']}",
                    f"HL_MAX_PLAYERS={len(match['players'])}"],
            "Labels": {"lanternforge.match": match["id"]},
            "HostConfig": {
                "PortBindings": {"27015/udp": [{"HostPort": str(host_port)}]},
                "AutoRemove": True,
                "Memory": 2 * 1024 ** 3,
            },
        }
        created = self.call("POST", f"/containers/create?name=match-{match['id']}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def next_port(used, base: int, span: int) -> int:
    for port in range(base, base + span):
        if port not in used:
            used.add(port)
            return port
    raise RuntimeError("no free host ports left")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--docker-sock", default="/var/run/docker.sock")
    ap.add_argument("--queue", default="queue", type=Path)
    ap.add_argument("--assigned", default="assigned", type=Path)
    ap.add_argument("--port-base", type=int, default=28000)
    ap.add_argument("--poll", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.docker_sock)
    args.assigned.mkdir(exist_ok=True)
    used_ports = set()
    while True:
        for req in sorted(args.queue.glob("*.json")):
            try:
                match = json.loads(req.read_text())
                port = next_port(used_ports, args.port_base, 500)
                cid = engine.run_match(match, port)
            except (OSError, ValueError, KeyError, RuntimeError) as exc:
                log.error("match request %s failed: %s", req.name, exc)
                continue
            (args.assigned / f"{match['id']}.json").write_text(
                json.dumps({"container": cid, "port": port}))
            req.unlink()
            log.info("match %s -> container %s on port %d", match["id"], cid[:12], port)
        time.sleep(args.poll)


if __name__ == "__main__":
    sys.exit(main())
