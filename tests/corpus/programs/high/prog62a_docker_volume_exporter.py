#!/usr/bin/env python3
"""Export named Docker volumes to ./volume-exports as tarballs.

Talks to the Docker Engine API directly over the local unix socket (no
docker CLI or SDK needed): for each volume matching the label filter a
throw-away alpine container mounts the volume read-only and tars it into a
bind-mounted export folder.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("vol-export")
DOCKER_SOCK = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 120):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def volumes(self, label: str):
        flt = quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/volumes?filters={flt}").get("Volumes") or []

    def export(self, volume: str, out_dir: Path, image: str) -> int:
        name = f"volexport-{volume}-{int(time.time())}"
        spec = {
            "Image": image,
            "Cmd": ["tar", "-czf", f"/export/{volume}.tar.gz", "-C", "/data", "."],
            "HostConfig": {"Binds": [f"{volume}:/data:ro", f"{out_dir}:/export"], "AutoRemove": False},
        }
        cid = self.call("POST", f"/containers/create?name={name}", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            return int(status.get("StatusCode", 1))
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--label", default="backup=true")
    ap.add_argument("--out", type=Path, default=Path("volume-exports"))
    ap.add_argument("--image", default="alpine:3.20")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out_dir = args.out.resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    engine = Engine(args.socket)
    try:
        vols = engine.volumes(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable: %s", exc)
        return 1
    failed = 0
    for vol in vols:
        rc = engine.export(vol["Name"], out_dir, args.image)
        log.info("%s -> %s (exit %d)", vol["Name"], out_dir / f"{vol['Name']}.tar.gz", rc)
        failed += rc != 0
    log.info("%d volume(s) exported, %d failed", len(vols) - failed, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
