#!/usr/bin/env python3
"""Small control tool for the scoreboard containers on the results server.

The stewards' room needs a one-command way to see whether the scoreboard
and entries API containers are up and to restart the scoreboard when a
display hangs, without learning the docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("scoreboard_ctl")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"
WATCHED = ("scoreboard", "entries-api", "results-web")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path=ENGINE_SOCKET):
        self.socket_path = socket_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        encoded = json.dumps(body) if body is not None else None
        conn.request(method, f"/{API_VERSION}{path}", body=encoded, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def restart(self, name, grace=10):
        return self.call("POST", f"/containers/{name}/restart?t={grace}")

    def logs_tail(self, name, lines=20):
        conn = UnixHTTPConnection(self.socket_path)
        conn.request("GET", f"/{API_VERSION}/containers/{name}/logs?stdout=1&stderr=1&tail={lines}")
        data = conn.getresponse().read()
        conn.close()
        return data.decode(errors="replace")


def short_name(container):
    names = container.get("Names") or ["?"]
    return names[0].lstrip("/")


def status(engine):
    rows = []
    for c in engine.containers():
        name = short_name(c)
        if any(w in name for w in WATCHED):
            rows.append((name, c.get("State", "?"), c.get("Status", "")))
    for name, state, detail in sorted(rows):
        print(f"{name:<20} {state:<10} {detail}")
    return rows


def main():
    parser = argparse.ArgumentParser(description="Scoreboard container control")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("status")
    r = sub.add_parser("restart")
    r.add_argument("name", choices=WATCHED)
    lg = sub.add_parser("logs")
    lg.add_argument("name", choices=WATCHED)
    lg.add_argument("--lines", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        if args.cmd == "status":
            status(engine)
        elif args.cmd == "restart":
            engine.restart(args.name)
            log.info("restarted %s", args.name)
        elif args.cmd == "logs":
            print(engine.logs_tail(args.name, args.lines))
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
