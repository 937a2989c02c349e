#!/usr/bin/env python3
"""Fare scraper worker launcher.

Fans a list of carrier scrape jobs out to short-lived worker containers on
the local engine, one container per carrier, waits for them and collects
their JSON output into ``results/``.  Talks to the engine API directly so it
works on hosts where only the daemon (not the CLI) is installed.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("fare-workers")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path: str):
        self.socket_path = socket_path

    def call(self, method: str, path: str, body=None, raw: bool = False):
        conn = UnixHTTPConnection(self.socket_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        try:
            conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def run_worker(self, image: str, carrier: str, env: dict, results: Path) -> str:
        spec = {
            "Image": image,
            "Cmd": ["python", "-m", "farescrape", "--carrier", carrier, "--out", "/out"],
            "Env": [f"{k}={v}" for k, v in env.items()],
            "Labels": {"app": "fare-workers", "carrier": carrier},
            "HostConfig": {
                "Binds": [f"{results.resolve()}:/out"],
                "AutoRemove": False,
                "Memory": 512 * 1024 * 1024,
            },
        }
        created = self.call("POST", f"/containers/create?name=fare-{carrier}-{int(time.time())}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid: str) -> int:
        return self.call("POST", f"/containers/{cid}/wait").get("StatusCode", -1)

    def logs(self, cid: str) -> bytes:
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50", raw=True)

    def remove(self, cid: str) -> None:
        self.call("DELETE", f"/containers/{cid}?force=1")


def load_jobs(path: Path) -> list:
    jobs = json.loads(path.read_text())
    return [j for j in jobs if j.get("enabled", True)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", type=Path, default=Path("scrape_jobs.json"))
    ap.add_argument("--image", default="registry.example.com/fares/scraper:2.7")
    ap.add_argument("--results", type=Path, default=Path("results"))
    ap.add_argument("--keep", action="store_true", help="keep finished containers")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        jobs = load_jobs(args.jobs)
    except (OSError, ValueError) as exc:
        log.error("cannot read jobs: %s", exc)
        return 2
    args.results.mkdir(parents=True, exist_ok=True)

    engine = Engine(ENGINE_SOCKET)
    try:
        engine.call("GET", "/_ping", raw=True)
    except (OSError, RuntimeError) as exc:
        log.error("engine not reachable on %s: %s", ENGINE_SOCKET, exc)
        return 1

    running = {}
    for job in jobs:
        carrier = job["carrier"]
        env = {"ROUTES": ",".join(job.get("routes", [])), "DATE_SPAN": str(job.get("days", 30))}
        try:
            running[carrier] = engine.run_worker(args.image, carrier, env, args.results)
            log.info("started worker for %s", carrier)
        except RuntimeError as exc:
            log.error("could not start %s: %s", carrier, exc)

    failures = 0
    for carrier, cid in running.items():
        code = engine.wait(cid)
        if code != 0:
            failures += 1
            log.error("%s exited %d:\n%s", carrier, code,
                      engine.logs(cid).decode(errors="replace"))
        else:
            log.info("%s done", carrier)
        if not args.keep:
            engine.remove(cid)
    log.info("%d/%d workers succeeded", len(running) - failures, len(running))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
