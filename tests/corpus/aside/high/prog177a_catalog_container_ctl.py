#!/usr/bin/env python3
"""Check on and restart the catalog containers on the depot server.

Talks straight to the Docker Engine API over the local socket, so it works
on the depot box where the docker CLI isn't installed for staff.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("catalog_ctl")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
CATALOG_PREFIX = "bookmobile-catalog"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30.0):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


def docker(method: str, path: str, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    if data and resp.getheader("Content-Type", "").startswith("application/json"):
        return json.loads(data)
    return data


def catalog_containers(include_stopped: bool):
    flag = "1" if include_stopped else "0"
    containers = docker("GET", f"/containers/json?all={flag}")
    return [c for c in containers
            if any(n.lstrip("/").startswith(CATALOG_PREFIX) for n in c["Names"])]


def show_status(include_stopped: bool) -> None:
    for c in catalog_containers(include_stopped):
        name = c["Names"][0].lstrip("/")
        print(f"{name:40} {c['State']:10} {c['Status']:25} {c['Image']}")


def restart(name: str, wait: int) -> None:
    docker("POST", f"/containers/{name}/restart?t={wait}")
    log.info("restarted %s", name)


def tail_logs(name: str, lines: int) -> None:
    raw = docker("GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail={lines}")
    # strip the 8-byte multiplex headers
    i = 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        sys.stdout.write(raw[i + 8:i + 8 + size].decode("utf-8", "replace"))
        i += 8 + size


def main() -> int:
    parser = argparse.ArgumentParser(description="Catalog container control for the depot server")
    sub = parser.add_subparsers(dest="cmd", required=True)
    st = sub.add_parser("status")
    st.add_argument("--all", action="store_true")
    rs = sub.add_parser("restart")
    rs.add_argument("name", nargs="?", help="container (default: all catalog containers)")
    rs.add_argument("--wait", type=int, default=10)
    lg = sub.add_parser("logs")
    lg.add_argument("name")
    lg.add_argument("-n", "--lines", type=int, default=100)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.cmd == "status":
            show_status(args.all)
        elif args.cmd == "restart":
            names = [args.name] if args.name else [
                c["Names"][0].lstrip("/") for c in catalog_containers(False)]
            for name in names:
                restart(name, args.wait)
        else:
            tail_logs(args.name, args.lines)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
