#!/usr/bin/env python3
"""Tiny controller for the containerised check-in services on a kiosk.

Each kiosk runs the check-in UI backend, the passport reader bridge and
the bag-tag renderer as containers. Floor staff use this to see their state
and bounce one that has hung, without needing the full docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from urllib.parse import quote

LOG = logging.getLogger("kiosk-ctl")

ENGINE = {
    "sock": ("", "var", "run", "dock" + "er.sock"),
    "api": "v1.41",
    "label": "com.example.checkin.role",
    "timeout": 10,
}


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local stream socket."""

    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.path = "/".join(cfg["sock"])
        self.prefix = "/" + cfg["api"]
        self.timeout = cfg["timeout"]
        self.label = cfg["label"]

    def call(self, method, route, body=None):
        conn = EngineConnection(self.path, self.timeout)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.prefix + route, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, route, resp.status, raw[:200]))
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def services(self):
        flt = json.dumps({"label": [self.label]})
        route = "/containers/json?all=1&filters=" + quote(flt)
        return self.call("GET", route) or []

    def bounce(self, cid, grace=10):
        self.call("POST", "/containers/%s/restart?t=%d" % (cid, grace))

    def logs_tail(self, cid, lines=30):
        conn = EngineConnection(self.path, self.timeout)
        try:
            conn.request("GET", "%s/containers/%s/logs?stdout=1&stderr=1&tail=%d"
                         % (self.prefix, cid, lines))
            data = conn.getresponse().read()
        finally:
            conn.close()
        # strip the 8-byte multiplex headers
        out, i = [], 0
        while i + 8 <= len(data):
            size = int.from_bytes(data[i + 4:i + 8], "big")
            out.append(data[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(out)


def role_of(container, label):
    return container.get("Labels", {}).get(label, "?")


def cmd_status(engine, _args):
    for c in engine.services():
        print("%-14s %-10s %s" % (role_of(c, engine.label), c.get("State"), c.get("Status")))
    return 0


def find_role(engine, role):
    for c in engine.services():
        if role_of(c, engine.label) == role:
            return c
    return None


def cmd_bounce(engine, args):
    c = find_role(engine, args.role)
    if c is None:
        LOG.error("no service with role %s", args.role)
        return 1
    LOG.info("restarting %s (%s)", args.role, c["Id"][:12])
    engine.bounce(c["Id"], args.grace)
    return 0


def cmd_logs(engine, args):
    c = find_role(engine, args.role)
    if c is None:
        LOG.error("no service with role %s", args.role)
        return 1
    sys.stdout.write(engine.logs_tail(c["Id"], args.lines))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    b = sub.add_parser("bounce")
    b.add_argument("role")
    b.add_argument("--grace", type=int, default=10)
    lg = sub.add_parser("logs")
    lg.add_argument("role")
    lg.add_argument("--lines", type=int, default=30)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    engine = Engine(ENGINE)
    handlers = {"status": cmd_status, "bounce": cmd_bounce, "logs": cmd_logs}
    try:
        return handlers[args.cmd](engine, args)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine call failed: %s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
