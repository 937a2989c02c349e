#!/usr/bin/env python3
"""gsctl - manage dockerised game servers (Valheim, Factorio, ...).

Talks to the Docker Engine API directly over the local socket so it works
on minimal hosts without the docker CLI.

    gsctl.py list
    gsctl.py restart valheim
    gsctl.py logs factorio --tail 50
"""
import argparse
import http.client
import json
import socket
import sys
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
LABEL = "gsctl.game"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


def docker(method: str, path: str, raw: bool = False):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    conn.request(method, "/v1.43" + path)
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"docker {method} {path}: {resp.status} {body[:200]!r}")
    if raw:
        return body
    return json.loads(body) if body else None


def game_containers():
    filters = quote(json.dumps({"label": [LABEL]}))
    return docker("GET", f"/containers/json?all=1&filters={filters}")


def find(game: str):
    for c in game_containers():
        if c["Labels"].get(LABEL) == game:
            return c
    raise SystemExit(f"no container labelled {LABEL}={game}")


def cmd_list(_args) -> None:
    rows = game_containers()
    if not rows:
        print("no game servers found")
        return
    print(f"{'GAME':<12} {'STATE':<10} {'STATUS':<28} PORTS")
    for c in rows:
        ports = ",".join(
            f"{p.get('PublicPort', '-')}/{p['Type']}" for p in c.get("Ports", [])
        )
        print(f"{c['Labels'].get(LABEL, '?'):<12} {c['State']:<10} "
              f"{c['Status']:<28} {ports}")


def cmd_restart(args) -> None:
    c = find(args.game)
    print(f"restarting {args.game} ({c['Id'][:12]}) ...")
    docker("POST", f"/containers/{c['Id']}/restart?t=30")
    print("done")


def demux(stream: bytes) -> str:
    """Docker multiplexes stdout/stderr with an 8-byte frame header."""
    out, i = [], 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out.append(stream[i + 8:i + 8 + size].decode("utf-8", "replace"))
        i += 8 + size
    return "".join(out)


def cmd_logs(args) -> None:
    c = find(args.game)
    raw = docker("GET", f"/containers/{c['Id']}/logs?stdout=1&stderr=1"
                        f"&tail={args.tail}", raw=True)
    sys.stdout.write(demux(raw))


def main() -> None:
    ap = argparse.ArgumentParser(prog="gsctl")
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list").set_defaults(fn=cmd_list)
    r = sub.add_parser("restart")
    r.add_argument("game")
    r.set_defaults(fn=cmd_restart)
    lg = sub.add_parser("logs")
    lg.add_argument("game")
    lg.add_argument("--tail", type=int, default=100)
    lg.set_defaults(fn=cmd_logs)
    args = ap.parse_args()
    args.fn(args)


if __name__ == "__main__":
    main()
