#!/usr/bin/env python3
"""Watchdog for the ammunition stock tracker container.

The stock tracker web app runs in a container on the shop's small server.
It occasionally wedges after the till export locks its SQLite file; this
watchdog polls the tracker's health page and, after several consecutive
failures, restarts the container through the Docker Engine API and writes
an entry to ./watchdog.log.

Settings (environment):
    TRACKER_HEALTH_URL   default http://127.0.0.1:8088/healthz
    TRACKER_CONTAINER    default ammo-tracker
    DOCKER_SOCK          default /var/run/docker.sock
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.error
import urllib.request

LOG = logging.getLogger("tracker-watchdog")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/v1.43{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def inspect(self, name):
        return self._call("GET", f"/containers/{name}/json")

    def restart(self, name, grace=20):
        self._call("POST", f"/containers/{name}/restart?t={grace}")


def healthy(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False


def record(event, **fields):
    line = json.dumps({"ts": time.strftime("%Y-%m-%dT%H:%M:%S"), "event": event, **fields})
    with open("watchdog.log", "a") as fh:
        fh.write(line + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--failures", type=int, default=3, help="failures before restart")
    ap.add_argument("--cooldown", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    url = os.environ.get("TRACKER_HEALTH_URL", "http://127.0.0.1:8088/healthz")
    name = os.environ.get("TRACKER_CONTAINER", "ammo-tracker")
    engine = Engine(os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))

    try:
        state = engine.inspect(name)["State"]
        LOG.info("watching %s (%s), health %s", name, state.get("Status"), url)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach docker engine: %s", exc)
        return 1

    misses, last_restart = 0, 0.0
    while True:
        if healthy(url):
            if misses:
                LOG.info("tracker healthy again after %d misses", misses)
            misses = 0
        else:
            misses += 1
            LOG.warning("health check failed (%d/%d)", misses, args.failures)
        if misses >= args.failures and time.time() - last_restart > args.cooldown:
            try:
                engine.restart(name)
                last_restart = time.time()
                record("restart", container=name, misses=misses)
                LOG.warning("restarted %s", name)
                misses = 0
            except (OSError, RuntimeError) as exc:
                record("restart_failed", container=name, error=str(exc))
                LOG.error("restart failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    raise SystemExit(main())
