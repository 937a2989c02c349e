#!/usr/bin/env python3
"""Run the vendor's badge-exporter image for one reporting month.

The access-control vendor only ships their export tool as a container, and
the ops jump hosts don't have the docker CLI installed, so this talks to the
engine API directly, mounts ./exports and the controller config into the
container, waits for it and keeps its log next to the export.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path
from urllib.parse import quote, urlencode

log = logging.getLogger("badge_launcher")

DEFAULT_IMAGE = "registry.colo-ops.example.net/acs/badge-exporter:3.2"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's local unix socket."""

    socket_path = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")

    def __init__(self, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.socket_path)


class Engine:
    api = "/v1.41"

    def call(self, method: str, path: str, body=None, timeout: float = 60.0, raw=False):
        conn = EngineConnection(timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, self.api + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: HTTP {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image: str) -> None:
        name, _, tag = image.rpartition(":")
        self.call("POST", "/images/create?" + urlencode({"fromImage": name, "tag": tag}),
                  timeout=600, raw=True)

    def run(self, image: str, cmd: list, binds: list, name: str) -> str:
        spec = {
            "Image": image,
            "Cmd": cmd,
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": binds, "AutoRemove": False, "NetworkMode": "bridge"},
            "Labels": {"colo.ops/job": "badge-export"},
        }
        created = self.call("POST", f"/containers/create?name={quote(name)}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start", raw=True)
        return cid

    def wait(self, cid: str, timeout: float) -> int:
        result = self.call("POST", f"/containers/{cid}/wait", timeout=timeout)
        return int(result.get("StatusCode", -1))

    def logs(self, cid: str) -> bytes:
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        out, i = bytearray(), 0
        while i + 8 <= len(raw):  # strip the 8-byte multiplexing headers
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out += raw[i + 8:i + 8 + size]
            i += 8 + size
        return bytes(out)

    def remove(self, cid: str) -> None:
        self.call("DELETE", f"/containers/{cid}?force=1", raw=True)


def main() -> int:
    ap = argparse.ArgumentParser(description="run the badge exporter container")
    ap.add_argument("month", help="YYYY-MM to export")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--config", type=Path, default=Path("badge_export.conf"))
    ap.add_argument("--out", type=Path, default=Path("exports"))
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.config.is_file():
        log.error("config %s not found", args.config)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    binds = [f"{args.out.resolve()}:/out", f"{args.config.resolve()}:/etc/badge-exporter.conf:ro"]
    engine = Engine()
    cid = None
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.run(args.image, ["export", "--month", args.month, "--dest", "/out"],
                         binds, name=f"badge-export-{args.month}")
        log.info("started %s", cid[:12])
        status = engine.wait(cid, args.timeout)
        (args.out / f"badge-export-{args.month}.log").write_bytes(engine.logs(cid))
        log.info("exporter exited with %d", status)
        return 0 if status == 0 else 1
    except (OSError, RuntimeError, socket.timeout) as exc:
        log.error("engine error: %s", exc)
        return 1
    finally:
        if cid:
            try:
                engine.remove(cid)
            except (OSError, RuntimeError) as exc:
                log.warning("cleanup of %s failed: %s", cid[:12], exc)


if __name__ == "__main__":
    sys.exit(main())
