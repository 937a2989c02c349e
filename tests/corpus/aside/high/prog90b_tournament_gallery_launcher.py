#!/usr/bin/env python3
"""Spin up a per-tournament photo gallery on the academy media server.

Each weekend tournament gets its own gallery instance (PhotoPrism image)
pointed at ./tournaments/<slug>/originals, published on its own port so the
link can go out in the parents' newsletter. Talks to the local Docker
engine directly so the media server doesn't need the docker CLI or compose.

    gallery_launcher.py up   spring-classic-2024 --port 2343
    gallery_launcher.py down spring-classic-2024
    gallery_launcher.py ls
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("gallery_launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = os.environ.get("GALLERY_IMAGE", "photoprism/photoprism:latest")
LABEL = "org.academy.tournament"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw and raw[:1] in b"[{" else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")


def slug_ok(slug):
    return slug.replace("-", "").isalnum() and len(slug) <= 48


def cmd_up(engine, args):
    root = Path("tournaments", args.slug).resolve()
    (root / "originals").mkdir(parents=True, exist_ok=True)
    (root / "storage").mkdir(exist_ok=True)
    log.info("pulling %s", IMAGE)
    engine.pull(IMAGE)
    spec = {
        "Image": IMAGE,
        "Labels": {LABEL: args.slug},
        "Env": [
            f"PHOTOPRISM_SITE_TITLE={args.title or args.slug.replace('-', ' ').title()}",
            "PHOTOPRISM_READONLY=true",
            "PHOTOPRISM_PUBLIC=true",
            "PHOTOPRISM_DISABLE_WEBDAV=true",
        ],
        "ExposedPorts": {"2342/tcp": {}},
        "HostConfig": {
            "Binds": [f"{root / 'originals'}:/photoprism/originals:ro",
                      f"{root / 'storage'}:/photoprism/storage"],
            "PortBindings": {"2342/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
            "Memory": 2 * 1024 ** 3,
        },
    }
    name = f"gallery-{args.slug}"
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    engine.call("POST", f"/containers/{created['Id']}/start")
    print(f"{name} started on 127.0.0.1:{args.port} (reverse proxy picks it up)")


def cmd_down(engine, args):
    name = f"gallery-{args.slug}"
    engine.call("POST", f"/containers/{name}/stop?t=10", ok=(204, 304, 404))
    engine.call("DELETE", f"/containers/{name}", ok=(204, 404))
    print(f"{name} removed (photos kept under tournaments/{args.slug})")


def cmd_ls(engine, args):
    filters = json.dumps({"label": [LABEL]})
    from urllib.parse import quote
    for c in engine.call("GET", f"/containers/json?all=1&filters={quote(filters)}") or []:
        ports = ",".join(f"{p.get('IP', '')}:{p.get('PublicPort', '')}" for p in c.get("Ports", []))
        print(f"{c['Labels'].get(LABEL, '?'):<32} {c['State']:<10} {ports}")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Per-tournament gallery launcher")
    sub = ap.add_subparsers(dest="cmd", required=True)
    up = sub.add_parser("up")
    up.add_argument("slug")
    up.add_argument("--port", type=int, default=2343)
    up.add_argument("--title")
    down = sub.add_parser("down")
    down.add_argument("slug")
    sub.add_parser("ls")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if getattr(args, "slug", "x") and not slug_ok(getattr(args, "slug", "x")):
        ap.error("slug must be letters, digits and dashes")
    engine = Engine()
    try:
        {"up": cmd_up, "down": cmd_down, "ls": cmd_ls}[args.cmd](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
