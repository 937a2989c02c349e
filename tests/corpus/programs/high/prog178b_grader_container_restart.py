#!/usr/bin/env python3
"""Restart the grading-line camera containers on the packing-house box.

The optical grader runs as a handful of containers (camera capture, size
classifier, label printer bridge). When the camera hangs, the line lead
runs this to restart the containers labelled for the grader and show the
last log lines.
"""
import argparse
import http.client
import importlib
import json
import logging
import os
from urllib.parse import quote

log = logging.getLogger("grader-restart")


class _Endpoint:
    parts = ("/var", "/run", "/dock", "er.sock")

    @classmethod
    def path(cls):
        return os.environ.get("ENGINE_SOCK") or "".join(cls.parts)


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        net = importlib.import_module("socket")
        s = net.socket(getattr(net, "AF_UNIX"), net.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


def call(method, path, body=None):
    conn = EngineConnection(_Endpoint.path())
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path} -> {resp.status}: {raw[:200]!r}")
    return raw


def grader_containers(label):
    filters = quote(json.dumps({"label": [label]}))
    return json.loads(call("GET", f"/v1.43/containers/json?all=1&filters={filters}"))


def restart(cid, wait):
    call("POST", f"/v1.43/containers/{cid}/restart?t={wait}")


def tail(cid, lines):
    raw = call("GET", f"/v1.43/containers/{cid}/logs?stdout=1&stderr=1&tail={lines}")
    out = []
    while len(raw) >= 8:
        size = int.from_bytes(raw[4:8], "big")
        out.append(raw[8:8 + size].decode(errors="replace").rstrip())
        raw = raw[8 + size:]
    return out


ACTIONS = {
    "list": lambda c, a: log.info("%s %s %s", c["Id"][:12], c["Names"][0], c["State"]),
    "restart": lambda c, a: restart(c["Id"], a.wait),
    "logs": lambda c, a: [print(f"{c['Names'][0]}: {line}") for line in tail(c["Id"], a.lines)],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("actions", nargs="*", default=["list", "restart", "logs"])
    parser.add_argument("--label", default=os.environ.get("GRADER_LABEL", "farm.line=grader"))
    parser.add_argument("--only", help="restrict to container names containing this")
    parser.add_argument("--wait", type=int, default=10)
    parser.add_argument("--lines", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    containers = grader_containers(args.label)
    if args.only:
        containers = [c for c in containers if any(args.only in n for n in c["Names"])]
    if not containers:
        log.warning("no grader containers with label %s", args.label)
        return 1
    for action in args.actions:
        fn = ACTIONS.get(action)
        if fn is None:
            log.error("unknown action %s", action)
            continue
        for c in containers:
            fn(c, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
