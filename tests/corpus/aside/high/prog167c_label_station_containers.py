#!/usr/bin/env python3
"""Check and restart the containers behind the stock label station.

The label station in the stockroom runs the barcode service and the label
renderer as containers.  This talks to the local Docker engine directly so it
works on the station image, which has no docker CLI installed.
"""

import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("label-containers")

ENGINE_SOCKET = "/var/run/docker.sock"
WATCHED = ("label-renderer", "barcode-service")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def request(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        body_text = json.dumps(body) if body is not None else None
        conn.request(method, url, body=body_text, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self):
        return self.request("GET", "/containers/json?all=1")

    def restart(self, cid):
        return self.request("POST", f"/containers/{cid}/restart?t=10")

    def logs_tail(self, cid, lines=20):
        conn = UnixHTTPConnection(self.path)
        conn.request("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail={lines}")
        data = conn.getresponse().read()
        conn.close()
        return data.decode("utf-8", errors="replace")


def by_name(containers):
    mapping = {}
    for c in containers:
        for name in c.get("Names", []):
            mapping[name.lstrip("/")] = c
    return mapping


def report(engine):
    table = by_name(engine.containers())
    problems = []
    for name in WATCHED:
        info = table.get(name)
        if info is None:
            print(f"{name:18} missing")
            problems.append(name)
            continue
        print(f"{name:18} {info['State']:10} {info['Status']}")
        if info["State"] != "running":
            problems.append(name)
    return table, problems


def parse_args():
    parser = argparse.ArgumentParser(description="Label station containers")
    parser.add_argument("--fix", action="store_true", help="restart stopped containers")
    parser.add_argument("--logs", action="store_true", help="show log tail for problems")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    engine = Engine()
    try:
        table, problems = report(engine)
    except (OSError, RuntimeError) as exc:
        log.error("cannot talk to engine: %s", exc)
        return 2
    for name in problems:
        info = table.get(name)
        if info is None:
            continue
        if args.logs:
            print(engine.logs_tail(info["Id"]))
        if args.fix:
            log.info("restarting %s", name)
            engine.restart(info["Id"])
    return 1 if problems and not args.fix else 0


if __name__ == "__main__":
    sys.exit(main())
