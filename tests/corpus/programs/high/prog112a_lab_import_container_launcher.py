#!/usr/bin/env python3
"""Run the nightly lab-result import inside its container.

The office server runs the AquaChem importer image rather than a Python
install.  This launcher (called from the NAS's task scheduler) pulls the
pinned image tag, starts a one-shot container with the lab export share
mounted, waits for it, copies its log output to imports/<date>.log and
removes the container.  Talks to the Engine API directly so the NAS does
not need the docker CLI.
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("lab_launcher")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def request(self, method, path, body=None, timeout=60, raw=False):
        conn = EngineConnection(self.sock_path, timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image: str) -> None:
        name, _, tag = image.partition(":")
        q = urllib.parse.urlencode({"fromImage": name, "tag": tag or "latest"})
        self.request("POST", f"/images/create?{q}", timeout=900, raw=True)

    def run_once(self, image, env, binds, name):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "Cmd": ["import", "/data/inbox", "--done", "/data/imported"],
            "HostConfig": {"Binds": binds, "AutoRemove": False},
            "Labels": {"com.drillco.job": "lab-import"},
        }
        created = self.request("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.request("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid: str) -> int:
        result = self.request("POST", f"/containers/{cid}/wait", timeout=3600)
        return int(result.get("StatusCode", 1))

    def logs(self, cid: str) -> bytes:
        return self.request("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)

    def remove(self, cid: str) -> None:
        self.request("DELETE", f"/containers/{cid}?force=1")


def strip_stream_headers(raw: bytes) -> bytes:
    """Engine multiplexes stdout/stderr with 8-byte frame headers."""
    out, i = bytearray(), 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out += raw[i + 8:i + 8 + size]
        i += 8 + size
    return bytes(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--image", default="registry.drillco.example.com/aquachem-import:2.7.3")
    ap.add_argument("--share", type=Path, default=Path("/volume1/lab-exports"))
    ap.add_argument("--logs", type=Path, default=Path("imports"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("LIMS_TOKEN")
    if not token:
        log.error("LIMS_TOKEN must be set")
        return 2

    engine = Engine(ENGINE_SOCKET)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.run_once(args.image, {"LIMS_TOKEN": token},
                              [f"{args.share}:/data:rw"], f"lab-import-{stamp}")
        started = time.monotonic()
        code = engine.wait(cid)
        args.logs.mkdir(exist_ok=True)
        (args.logs / f"{stamp}.log").write_bytes(strip_stream_headers(engine.logs(cid)))
        engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        log.error("container run failed: %s", exc)
        return 1
    log.info("import finished with code %d in %.0fs", code, time.monotonic() - started)
    return code


if __name__ == "__main__":
    sys.exit(main())
