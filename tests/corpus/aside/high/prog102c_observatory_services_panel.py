#!/usr/bin/env python3
"""
observatory_services_panel - terminal status panel for the containerised
observatory stack (indiserver, allsky, weewx, roof controller, guider).

Shows each service's state and health, tails recent log lines and lets the
night operator restart a misbehaving service without remembering docker
commands.

    observatory_services_panel.py status
    observatory_services_panel.py restart allsky
    observatory_services_panel.py logs indiserver [-n 50]
"""

import argparse
import http.client
import json
import logging
import os
import socket
import struct
import sys
from urllib.parse import quote, urlencode

log = logging.getLogger("obspanel")

ENGINE_SOCK = os.environ.get("OBS_ENGINE_SOCK", "/var/run/docker.sock")
STACK_LABEL = "org.astroclub.stack=observatory"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    api = "/v1.41"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _req(self, method, path, query=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        url = self.api + path + ("?" + urlencode(query) if query else "")
        conn.request(method, url, headers={"Host": "localhost"})
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        if raw:
            return body
        return json.loads(body) if body else None

    def services(self):
        filt = json.dumps({"label": [STACK_LABEL]})
        return self._req("GET", "/containers/json", {"all": "1", "filters": filt})

    def inspect(self, cid):
        return self._req("GET", f"/containers/{quote(cid)}/json")

    def restart(self, cid, grace=10):
        self._req("POST", f"/containers/{quote(cid)}/restart", {"t": str(grace)})

    def logs(self, cid, tail=40):
        raw = self._req("GET", f"/containers/{quote(cid)}/logs",
                        {"stdout": "1", "stderr": "1", "tail": str(tail), "timestamps": "1"}, raw=True)
        return list(demux(raw))


def demux(raw):
    """Split the multiplexed log stream (8-byte frame headers)."""
    i = 0
    while i + 8 <= len(raw):
        stream, size = struct.unpack(">BxxxL", raw[i:i + 8])
        chunk = raw[i + 8:i + 8 + size].decode("utf-8", "replace")
        for line in chunk.splitlines():
            yield ("err" if stream == 2 else "out", line)
        i += 8 + size


def find_service(engine, name):
    for c in engine.services():
        svc = c["Labels"].get("org.astroclub.service") or c["Names"][0].lstrip("/")
        if svc == name or c["Names"][0].lstrip("/") == name:
            return c
    raise SystemExit(f"no service called {name}")


def cmd_status(engine, _args):
    rows = []
    for c in engine.services():
        detail = engine.inspect(c["Id"])
        health = detail["State"].get("Health", {}).get("Status", "-")
        rows.append((c["Labels"].get("org.astroclub.service", c["Names"][0].lstrip("/")),
                     c["State"], health, c["Status"], c["Image"]))
    if not rows:
        print("no observatory services found (is the stack deployed?)")
        return
    w = max(len(r[0]) for r in rows)
    for name, state, health, status, image in sorted(rows):
        flag = "OK " if state == "running" and health in ("healthy", "-") else "!! "
        print(f"{flag}{name:<{w}}  {state:<8} {health:<10} {status:<24} {image}")


def cmd_restart(engine, args):
    c = find_service(engine, args.service)
    log.info("restarting %s (%s)", args.service, c["Id"][:12])
    engine.restart(c["Id"], grace=args.grace)
    print(f"{args.service}: {engine.inspect(c['Id'])['State']['Status']}")


def cmd_logs(engine, args):
    c = find_service(engine, args.service)
    for stream, line in engine.logs(c["Id"], tail=args.n):
        prefix = "\033[31m" if stream == "err" else ""
        print(f"{prefix}{line}\033[0m" if prefix else line)


def main():
    ap = argparse.ArgumentParser(description="observatory service panel")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    r = sub.add_parser("restart")
    r.add_argument("service")
    r.add_argument("--grace", type=int, default=10)
    lg = sub.add_parser("logs")
    lg.add_argument("service")
    lg.add_argument("-n", type=int, default=40)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine(ENGINE_SOCK)
    try:
        {"status": cmd_status, "restart": cmd_restart, "logs": cmd_logs}[args.cmd](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
