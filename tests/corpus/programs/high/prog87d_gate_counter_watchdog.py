#!/usr/bin/env python3
"""Watchdog for the turnstile counter containers on the gate host.

Every gate's counter runs in its own container (gate-north-counter,
gate-aquarium-counter, ...).  When a turnstile controller drops off the
network the counter process wedges instead of exiting, so the container
stays "running" while the visitor numbers flat-line.  This watchdog checks
each counter's /health endpoint and restarts the container through the
engine API when it stops answering.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("counter-watchdog")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path=ENGINE_SOCKET):
        self.socket_path = socket_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def counters(self, label):
        filters = json.dumps({"label": [label], "status": ["running"]})
        query = urllib.request.quote(filters)
        return self._call("GET", f"/containers/json?filters={query}")

    def restart(self, container_id, grace=10):
        self._call("POST", f"/containers/{container_id}/restart?t={grace}")


def healthy(url, timeout=4):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False


def health_url(container, port):
    labels = container.get("Labels", {})
    host = labels.get("zoo.gate.health_host", "127.0.0.1")
    for p in container.get("Ports", []):
        if p.get("PrivatePort") == port and p.get("PublicPort"):
            return f"http://{host}:{p['PublicPort']}/health"
    return None


def sweep(engine, args, strikes):
    for c in engine.counters(args.label):
        name = c["Names"][0].lstrip("/")
        url = health_url(c, args.port)
        if url is None:
            log.debug("%s publishes no health port", name)
            continue
        if healthy(url):
            strikes.pop(name, None)
            continue
        strikes[name] = strikes.get(name, 0) + 1
        log.warning("%s failed health check (%d/%d)", name, strikes[name], args.strikes)
        if strikes[name] >= args.strikes:
            if args.dry_run:
                log.info("[dry-run] would restart %s", name)
            else:
                engine.restart(c["Id"])
                log.info("restarted %s", name)
            strikes[name] = 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Restart wedged turnstile counter containers")
    ap.add_argument("--label", default="zoo.role=gate-counter")
    ap.add_argument("--port", type=int, default=8080, help="container port serving /health")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--strikes", type=int, default=3)
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    strikes = {}
    while True:
        try:
            sweep(engine, args, strikes)
        except (OSError, RuntimeError) as exc:
            log.error("sweep failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
