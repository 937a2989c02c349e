#!/usr/bin/env python3
"""Refresh the foyer signage container after a timetable publish.

The foyer and poolside screens show a small web server that serves the
published timetable (public/). After each publish this script pulls the
current signage image, replaces the running container and waits for it to
answer, so the screens pick up the new layout and the new week's classes.

Talks to the local Docker Engine API directly (no docker CLI on the
signage box).

    signage_container_refresh.py --content public/ [--tag 2024.09]
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
import urllib.request
from pathlib import Path

log = logging.getLogger("signage")

ENGINE_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").removeprefix("unix://")
API = "/v1.43"
IMAGE = os.environ.get("SIGNAGE_IMAGE", "registry.leisure-centre.local/signage/timetable-web")
NAME = "foyer-signage"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204)):
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        conn = EngineConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def pull(self, image, tag):
        # streamed progress; we only care that it finished
        self.call("POST", "/images/create", query={"fromImage": image, "tag": tag})

    def find(self, name):
        found = self.call("GET", "/containers/json",
                          query={"all": "1", "filters": json.dumps({"name": [f"^/{name}$"]})})
        return found[0] if found else None

    def replace(self, name, image, content: Path, port: int):
        old = self.find(name)
        if old:
            log.info("stopping %s (%s)", name, old["Id"][:12])
            self.call("POST", f"/containers/{old['Id']}/stop", query={"t": "5"}, ok=(204, 304))
            self.call("DELETE", f"/containers/{old['Id']}")
        spec = {
            "Image": image,
            "Labels": {"leisure.role": "signage", "leisure.content": str(content)},
            "ExposedPorts": {"80/tcp": {}},
            "HostConfig": {
                "Binds": [f"{content}:/usr/share/nginx/html:ro"],
                "PortBindings": {"80/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "RestartPolicy": {"Name": "unless-stopped"},
                "Memory": 128 * 1024 * 1024,
            },
        }
        created = self.call("POST", "/containers/create", body=spec, query={"name": name})
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def wait_ready(port, attempts=15):
    for _ in range(attempts):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/timetable.html", timeout=3) as r:
                if r.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(2)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Replace the foyer signage container")
    ap.add_argument("--content", type=Path, default=Path("public"))
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    content = args.content.resolve()
    if not (content / "timetable.html").is_file():
        log.error("%s has no timetable.html - publish first", content)
        return 2
    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s:%s", IMAGE, args.tag)
            engine.pull(IMAGE, args.tag)
        cid = engine.replace(NAME, f"{IMAGE}:{args.tag}", content, args.port)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1
    log.info("started %s (%s)", NAME, cid[:12])
    if not wait_ready(args.port):
        log.error("signage did not come up on port %d", args.port)
        return 1
    log.info("signage serving week content from %s", content)
    return 0


if __name__ == "__main__":
    sys.exit(main())
