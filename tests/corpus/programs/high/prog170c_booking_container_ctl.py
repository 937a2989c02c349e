#!/usr/bin/env python3
"""Small control tool for the booking site containers on the club server.

Lists the containers behind the trip-booking site, shows their health and
restarts the ones that are stuck, speaking directly to the container
engine's local API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass
from typing import Any, Callable, Dict, List

log = logging.getLogger("booking-ctl")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
LABEL = os.environ.get("BOOKING_LABEL", "club.service=booking")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


@dataclass
class Engine:
    path: str = ENGINE_SOCK
    version: str = "v1.43"

    def call(self, method: str, url: str, body: Any = None) -> Any:
        conn = UnixHTTPConnection(self.path)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, f"/{self.version}{url}", body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, all_: bool = True) -> List[dict]:
        filters = json.dumps({"label": [LABEL]})
        q = f"/containers/json?all={int(all_)}&filters={filters}"
        return self.call("GET", q)

    def inspect(self, cid: str) -> dict:
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid: str, wait: int = 10):
        return self.call("POST", f"/containers/{cid}/restart?t={wait}")


def show(engine: Engine, args) -> int:
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        print(f"{c['Id'][:12]}  {name:<28} {c['State']:<10} {c['Status']}")
    return 0


def health(engine: Engine, args) -> int:
    bad = 0
    for c in engine.containers():
        state = engine.inspect(c["Id"]).get("State", {})
        h = state.get("Health", {}).get("Status", "none")
        if h not in ("healthy", "none") or not state.get("Running"):
            bad += 1
        print(f"{c['Names'][0].lstrip('/'):<28} running={state.get('Running')} health={h}")
    return 1 if bad else 0


def heal(engine: Engine, args) -> int:
    restarted = 0
    for c in engine.containers():
        state = engine.inspect(c["Id"]).get("State", {})
        h = state.get("Health", {}).get("Status")
        if h == "unhealthy" or (args.include_stopped and not state.get("Running")):
            log.info("restarting %s", c["Names"][0])
            engine.restart(c["Id"])
            restarted += 1
    log.info("%d containers restarted", restarted)
    return 0


COMMANDS: Dict[str, Callable[[Engine, argparse.Namespace], int]] = {
    "ls": show,
    "health": health,
    "heal": heal,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--include-stopped", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    raise SystemExit(COMMANDS[args.command](Engine(), args))


if __name__ == "__main__":
    main()
