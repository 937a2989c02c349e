#!/usr/bin/env python3
"""Build lab-machine root filesystem images inside a throwaway container.

Each recipe in ./recipes/<name>.sh is a debootstrap + package list script.
It runs inside a Debian container (debootstrap needs loop devices and bind
mounts, so the container is privileged) and leaves <name>.squashfs in
./images for the PXE imaging server.

We talk to the Docker Engine API directly so the build host does not need
the docker CLI or the Python SDK installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("image_builder")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
BUILDER_IMAGE = os.environ.get("BUILDER_IMAGE", "debian:bookworm")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=600):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def request(self, method, path, body=None, query=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if raw or not data:
            return data
        return json.loads(data)

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.request("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"},
                     raw=True)

    def run_privileged(self, image, script, binds, env):
        spec = {
            "Image": image,
            "Cmd": ["/bin/bash", "-euxc", script],
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {"Privileged": True, "Binds": binds, "AutoRemove": False},
        }
        cid = self.request("POST", "/containers/create", body=spec)["Id"]
        self.request("POST", f"/containers/{cid}/start", raw=True)
        return cid

    def wait(self, cid):
        return self.request("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        return self.request("GET", f"/containers/{cid}/logs",
                            query={"stdout": 1, "stderr": 1}, raw=True)

    def remove(self, cid):
        self.request("DELETE", f"/containers/{cid}", query={"force": 1}, raw=True)


PRELUDE = """
apt-get update -qq
apt-get install -y -qq debootstrap squashfs-tools >/dev/null
"""


def build(engine, recipe, out_dir, suite):
    script = PRELUDE + recipe.read_text()
    binds = [f"{out_dir.resolve()}:/out", f"{recipe.parent.resolve()}:/recipes:ro"]
    env = {"IMAGE_NAME": recipe.stem, "SUITE": suite, "OUT": "/out"}
    started = time.time()
    cid = engine.run_privileged(BUILDER_IMAGE, script, binds, env)
    log.info("building %s in container %s", recipe.stem, cid[:12])
    try:
        status = engine.wait(cid)
        (out_dir / f"{recipe.stem}.build.log").write_bytes(engine.logs(cid))
    finally:
        engine.remove(cid)
    log.info("%s finished with status %s in %.0fs", recipe.stem, status, time.time() - started)
    return status == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("recipes", nargs="*", help="recipe names (default: all in ./recipes)")
    ap.add_argument("--suite", default="bookworm")
    ap.add_argument("--out", type=Path, default=Path("images"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    recipe_dir = Path("recipes")
    names = args.recipes or sorted(p.stem for p in recipe_dir.glob("*.sh"))
    if not names:
        log.error("no recipes found in %s", recipe_dir)
        return 2
    args.out.mkdir(exist_ok=True)

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", BUILDER_IMAGE)
            engine.pull(BUILDER_IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unavailable at %s: %s", DOCKER_SOCK, exc)
        return 1

    failures = [n for n in names if not build(engine, recipe_dir / f"{n}.sh", args.out, args.suite)]
    if failures:
        log.error("failed: %s", ", ".join(failures))
        return 1
    log.info("all %d images built into %s", len(names), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
