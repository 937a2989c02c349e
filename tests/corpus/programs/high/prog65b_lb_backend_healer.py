#!/usr/bin/env python3
"""Health-check load-balancer backends and restart the ones that stay down.

Each backend in backends.json has a health URL and the name of the
container serving it. A backend that fails `threshold` consecutive checks
gets its container restarted through the local Docker engine; state is kept
in ./state/health.json between runs so this can be driven from a timer.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

log = logging.getLogger("lb-healer")

STATE_FILE = Path("./state/health.json")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    api = "/v1.43"

    def __init__(self, sock_path="/var/run/docker.sock"):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, self.api + path, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def restart(self, container, grace=10):
        self._call("POST", f"/containers/{container}/restart?t={grace}")

    def state(self, container):
        info = self._call("GET", f"/containers/{container}/json")
        return info.get("State", {}).get("Status", "unknown")


def check(backend, timeout):
    started = time.monotonic()
    try:
        r = requests.get(backend["url"], timeout=timeout, headers={"User-Agent": "lb-healer/2"})
        ok = r.status_code == backend.get("expect", 200)
        detail = f"HTTP {r.status_code}"
    except requests.RequestException as exc:
        ok, detail = False, type(exc).__name__
    return backend["name"], ok, detail, round((time.monotonic() - started) * 1000)


def load_state():
    try:
        return json.loads(STATE_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_state(state):
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
    tmp.replace(STATE_FILE)


def remediate(engine, backend, entry):
    container = backend.get("container")
    if not container:
        log.warning("%s has no container mapping, cannot remediate", backend["name"])
        return
    try:
        log.warning("restarting %s (container %s, state %s)",
                    backend["name"], container, engine.state(container))
        engine.restart(container)
        entry["restarts"] = entry.get("restarts", 0) + 1
        entry["last_restart"] = int(time.time())
        entry["failures"] = 0
    except (OSError, RuntimeError) as exc:
        log.error("restart of %s failed: %s", container, exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="backends.json")
    ap.add_argument("--threshold", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=4.0)
    ap.add_argument("--cooldown", type=int, default=300, help="seconds between restarts")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        backends = json.loads(Path(args.config).read_text())["backends"]
    except (OSError, ValueError, KeyError) as exc:
        log.error("bad config %s: %s", args.config, exc)
        return 1

    state = load_state()
    engine = EngineClient()
    by_name = {b["name"]: b for b in backends}
    with ThreadPoolExecutor(max_workers=min(16, len(backends) or 1)) as pool:
        results = list(pool.map(lambda b: check(b, args.timeout), backends))

    for name, ok, detail, ms in results:
        entry = state.setdefault(name, {})
        entry.update(last_check=int(time.time()), last_detail=detail, latency_ms=ms)
        entry["failures"] = 0 if ok else entry.get("failures", 0) + 1
        log.info("%-20s %-4s %s %dms", name, "ok" if ok else "FAIL", detail, ms)
        recent = time.time() - entry.get("last_restart", 0) < args.cooldown
        if entry["failures"] >= args.threshold and not recent:
            remediate(engine, by_name[name], entry)

    save_state(state)
    return 0 if all(ok for _, ok, _, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
