#!/usr/bin/env python3
"""Watchdog for the booking-sync containers on the salon's mini server.

Each branch runs its booking-sync worker (Fresha/Timely bridge) in a
container labelled ``salon.role=booking-sync``. When the worker's health
check reports unhealthy, or the container has exited, the watchdog restarts
it and keeps a small restart history in watchdog_state.json so a flapping
container gets backed off rather than restarted forever.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("booking_watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path: str, timeout: float = 10.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    API = "/v1.43"

    def __init__(self, socket_path: str):
        self.socket_path = socket_path

    def _call(self, method: str, path: str):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            conn.request(method, self.API + path)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:160]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self, label: str):
        filters = quote(json.dumps({"label": [label]}))
        return self._call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid: str) -> dict:
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid: str, grace: int = 10) -> None:
        self._call("POST", f"/containers/{cid}/restart?t={grace}")


def load_state(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def allowed(history: list, now: float, window: int, limit: int) -> bool:
    recent = [t for t in history if now - t < window]
    return len(recent) < limit


def check_once(engine: Engine, label: str, state: dict, window: int, limit: int) -> int:
    restarted = 0
    now = time.time()
    for c in engine.containers(label):
        name = c["Names"][0].lstrip("/")
        info = engine.inspect(c["Id"])
        st = info.get("State", {})
        health = st.get("Health", {}).get("Status", "none")
        if st.get("Running") and health in ("healthy", "none", "starting"):
            continue
        history = state.setdefault(name, [])
        if not allowed(history, now, window, limit):
            log.warning("%s is %s/%s but hit %d restarts in %ds, leaving it",
                        name, st.get("Status"), health, limit, window)
            continue
        log.info("restarting %s (status=%s health=%s)", name, st.get("Status"), health)
        engine.restart(c["Id"])
        history.append(now)
        state[name] = history[-limit:]
        restarted += 1
    return restarted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--label", default="salon.role=booking-sync")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--window", type=int, default=1800)
    ap.add_argument("--limit", type=int, default=3)
    ap.add_argument("--state", type=Path, default=Path("watchdog_state.json"))
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    state = load_state(args.state)
    while True:
        try:
            n = check_once(engine, args.label, state, args.window, args.limit)
            if n:
                args.state.write_text(json.dumps(state))
        except (OSError, RuntimeError) as exc:
            log.error("check failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
