#!/usr/bin/env python3
"""Watchdog for the ticket-sale database container on the box-office server.

During an on-sale the Postgres container behind the circus ticket shop
sometimes wedges under load.  This polls the container's health status and
restarts it after N consecutive unhealthy checks, writing every decision to
a JSON-lines log for the post-sale review.
"""
import argparse
import http.client
import json
import logging
import os
import signal
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("ticket_db_watchdog")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, query=None, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        flt = json.dumps({"name": [name]})
        hits = self.call("GET", "/containers/json", {"all": "1", "filters": flt})
        return hits[0]["Id"] if hits else None

    def health(self, cid):
        info = self.call("GET", f"/containers/{cid}/json")
        state = info["State"]
        return state.get("Health", {}).get("Status", state["Status"])

    def restart(self, cid, grace=20):
        self.call("POST", f"/containers/{cid}/restart", {"t": str(grace)})


def record(path, **event):
    event["ts"] = time.strftime("%Y-%m-%dT%H:%M:%S")
    with open(path, "a") as fh:
        fh.write(json.dumps(event) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--container", default="tickets-db")
    ap.add_argument("--interval", type=float, default=15)
    ap.add_argument("--threshold", type=int, default=3, help="unhealthy checks before restart")
    ap.add_argument("--cooldown", type=float, default=300)
    ap.add_argument("--log", default="watchdog.jsonl")
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    stop = False

    def _term(*_):
        nonlocal stop
        stop = True
    signal.signal(signal.SIGTERM, _term)

    bad, last_restart = 0, 0.0
    while not stop:
        try:
            cid = engine.find(args.container)
            if cid is None:
                log.warning("container %s not found", args.container)
                status = "missing"
            else:
                status = engine.health(cid)
        except (OSError, RuntimeError) as exc:
            log.error("engine unreachable: %s", exc)
            status = "unknown"
            cid = None

        bad = bad + 1 if status in ("unhealthy", "exited", "dead") else 0
        record(args.log, container=args.container, status=status, strikes=bad)
        if cid and bad >= args.threshold and time.time() - last_restart > args.cooldown:
            log.warning("restarting %s after %d bad checks", args.container, bad)
            try:
                engine.restart(cid)
                last_restart, bad = time.time(), 0
                record(args.log, container=args.container, action="restart")
            except (OSError, RuntimeError) as exc:
                log.error("restart failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
