#!/usr/bin/env python3
"""Watchdog for the marker & gear rental tracker containers.

The rental tracker runs as a handful of containers on the arena's back-office
box (api, worker, label printer bridge).  The label printer bridge in
particular wedges after USB hiccups.  This polls the engine for containers
of the rental stack, and restarts any that are unhealthy or have exited,
with a cooldown so a crash-looping container does not get hammered.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.parse

log = logging.getLogger("rental-watchdog")

STACK_LABEL = "com.arena.stack=gear-rental"
DEFAULT_SOCKET = "/var/run/docker.sock"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection that speaks to the engine over its unix socket."""

    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path, api="v1.43"):
        self.sock_path = sock_path
        self.api = api

    def _call(self, method, path, params=None):
        conn = EngineConnection(self.sock_path)
        url = f"/{self.api}{path}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        try:
            conn.request(method, url, headers={"Host": "docker"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def stack_containers(self):
        filters = json.dumps({"label": [STACK_LABEL]})
        return self._call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        self._call("POST", f"/containers/{cid}/restart", {"t": str(grace)})


def needs_restart(info):
    state = info.get("State", {})
    if state.get("Status") in ("exited", "dead"):
        return f"status {state.get('Status')} (exit {state.get('ExitCode')})"
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return "healthcheck unhealthy"
    return None


def sweep(engine, last_restart, cooldown):
    now = time.time()
    restarted = 0
    for c in engine.stack_containers():
        cid, name = c["Id"], c["Names"][0].lstrip("/")
        reason = needs_restart(engine.inspect(cid))
        if not reason:
            continue
        if now - last_restart.get(cid, 0) < cooldown:
            log.warning("%s is %s but in cooldown", name, reason)
            continue
        log.info("restarting %s: %s", name, reason)
        try:
            engine.restart(cid)
            last_restart[cid] = now
            restarted += 1
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)
    return restarted


def main():
    ap = argparse.ArgumentParser(description="Restart unhealthy gear rental containers")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DEFAULT_SOCKET))
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--cooldown", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    last_restart = {}
    while True:
        try:
            n = sweep(engine, last_restart, args.cooldown)
            log.debug("sweep done, %d restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("engine unavailable: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
