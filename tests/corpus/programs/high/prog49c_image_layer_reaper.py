#!/usr/bin/env python3
"""Weekly container cache pruning (image-reaper.timer, Sunday 04:00).

Talks to the Engine API directly over its UNIX socket (no docker CLI on
the build hosts) and removes stopped containers, dangling images and
build cache older than the retention window. Prints reclaimed space.
"""
import argparse
import http.client
import json
import logging
import socket
import urllib.parse

log = logging.getLogger("image-reaper")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 120):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, endpoint: str, filters: dict = None):
        query = ""
        if filters:
            query = "?" + urllib.parse.urlencode({"filters": json.dumps(filters)})
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, f"/{API_VERSION}{endpoint}{query}")
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: HTTP {resp.status} {body[:200]!r}")
        return json.loads(body or b"{}")


def human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--until", default="168h", help="only prune objects older than this")
    ap.add_argument("--keep-label", default="keep=true")
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--skip-build-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    base_filter = {"until": [args.until], "label!": [args.keep_label]}
    steps = [
        ("containers", "/containers/prune", base_filter),
        ("images", "/images/prune", dict(base_filter, dangling=["true"])),
        ("networks", "/networks/prune", {"until": [args.until]}),
    ]
    if not args.skip_build_cache:
        steps.append(("build cache", "/build/prune", {"until": [args.until]}))

    total = 0
    for label, endpoint, filters in steps:
        try:
            result = engine.call("POST", endpoint, filters)
        except (OSError, RuntimeError) as exc:
            log.error("pruning %s failed: %s", label, exc)
            continue
        reclaimed = int(result.get("SpaceReclaimed") or 0)
        removed = (result.get("ContainersDeleted") or result.get("ImagesDeleted")
                   or result.get("NetworksDeleted") or result.get("CachesDeleted") or [])
        log.info("%s: removed %d, reclaimed %s", label, len(removed), human(reclaimed))
        total += reclaimed
    log.info("total reclaimed: %s", human(total))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
