#!/usr/bin/env python3
"""Print memory usage of running containers by asking the Docker daemon directly."""
import argparse
import http.client
import json
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str):
        super().__init__("localhost", timeout=10)
        self.sock_path = sock_path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


def api_get(path: str):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    try:
        conn.request("GET", path)
        return json.loads(conn.getresponse().read() or b"null")
    finally:
        conn.close()


def human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}TiB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sort", choices=("name", "mem"), default="mem")
    args = ap.parse_args()
    try:
        containers = api_get("/containers/json")
    except OSError as exc:
        print(f"cannot reach {DOCKER_SOCK}: {exc}", file=sys.stderr)
        return 1
    rows = []
    for c in containers:
        stats = api_get(f"/containers/{c['Id']}/stats?stream=false")
        usage = stats.get("memory_stats", {}).get("usage", 0)
        rows.append((c["Names"][0].lstrip("/"), usage, c["Image"]))
    rows.sort(key=(lambda r: -r[1]) if args.sort == "mem" else (lambda r: r[0]))
    for name, usage, image in rows:
        print(f"{name:<30} {human(usage):>10}  {image}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
