#!/usr/bin/env python3
"""Run the portal feed builder image against tonight's CRM export.

The feed builder (our image, built from the feeds repo) turns the CRM
export into Rightmove RTDF, Zoopla ZPG and OnTheMarket payloads and
resizes the photo set. It needs the export mounted at /data and the
photo library image mounted inside the container, so it is started
directly through the Docker Engine API instead of docker-compose, which
the reporting box does not have.

    ./feed_builder_runner.py --export ./export --tag 3.2.0
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

log = logging.getLogger("feed-builder")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("FEED_BUILDER_IMAGE", "registry.harbourhale.example/feeds/builder")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path + ("?" + urlencode(query) if query else "")
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image, tag):
        self.call("POST", "/images/create", query={"fromImage": image, "tag": tag}, raw=True)

    def create(self, name, spec):
        return self.call("POST", "/containers/create", body=spec, query={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs",
                         query={"stdout": 1, "stderr": 1, "tail": 200}, raw=True)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{quote(cid)}", query={"force": 1})


def container_spec(image_ref, export_dir, out_dir, photo_img, portals):
    return {
        "Image": image_ref,
        "Cmd": ["build", "--input", "/data/export", "--output", "/data/out",
                "--portals", ",".join(portals)],
        "Env": [f"BUILD_STAMP={time.strftime('%Y%m%dT%H%M')}", "PHOTO_LIBRARY=/photos/library.sqfs"],
        "WorkingDir": "/data",
        "HostConfig": {
            "Binds": [f"{export_dir}:/data/export:ro", f"{out_dir}:/data/out",
                      f"{photo_img}:/photos/library.sqfs:ro"],
            # builder loop-mounts the squashfs photo library inside the container
            "Privileged": True,
            "Memory": 4 * 1024 ** 3,
            "NetworkMode": "none",
        },
        "Labels": {"com.harbourhale.job": "feed-builder"},
    }


def strip_stream_headers(raw):
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", errors="replace")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the feed builder container")
    ap.add_argument("--export", type=Path, default=Path("export"))
    ap.add_argument("--out", type=Path, default=Path("feeds_out"))
    ap.add_argument("--photos", type=Path, default=Path("photos/library.sqfs"))
    ap.add_argument("--tag", default="latest")
    ap.add_argument("--portals", default="rightmove,zoopla,otm")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    for p in (args.export, args.photos):
        if not p.exists():
            log.error("%s does not exist", p)
            return 2
    args.out.mkdir(exist_ok=True)

    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s:%s", IMAGE, args.tag)
            engine.pull(IMAGE, args.tag)
        spec = container_spec(f"{IMAGE}:{args.tag}", args.export.resolve(), args.out.resolve(),
                              args.photos.resolve(), args.portals.split(","))
        cid = engine.create(f"feed-builder-{int(time.time())}", spec)
    except (OSError, RuntimeError) as exc:
        log.error("docker: %s", exc)
        return 1

    try:
        engine.start(cid)
        log.info("builder %s running", cid[:12])
        status = engine.wait(cid)
        print(strip_stream_headers(engine.logs(cid)))
    finally:
        try:
            engine.remove(cid)
        except (OSError, RuntimeError) as exc:
            log.warning("could not remove %s: %s", cid[:12], exc)

    if status != 0:
        log.error("builder exited with %d", status)
        return 1
    built = sorted(p.name for p in args.out.iterdir())
    log.info("built %d feed files: %s", len(built), ", ".join(built[:6]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
