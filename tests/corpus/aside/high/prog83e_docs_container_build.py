#!/usr/bin/env python3
"""Build the docs inside the pinned Sphinx image, without the docker CLI.

CI runners for the docs repo don't ship the docker client, only the engine,
so this talks to the Engine API directly: pull the image, create a
container with the repo mounted, stream the build log and copy the exit
status back.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

log = logging.getLogger("docs-container")

ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").removeprefix("unix://")
API_VERSION = "v1.43"
DEFAULT_IMAGE = "sphinxdoc/sphinx:7.2.6"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, endpoint, body=None, query=None, stream=False):
        conn = UnixHTTPConnection(self.path)
        url = f"/{API_VERSION}{endpoint}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {resp.read().decode(errors='replace')}")
        if stream:
            return resp
        data = resp.read()
        conn.close()
        return json.loads(data) if data else None


def pull(engine, image):
    name, _, tag = image.partition(":")
    resp = engine.call("POST", "/images/create", query={"fromImage": name, "tag": tag or "latest"}, stream=True)
    for line in resp:
        status = json.loads(line).get("status")
        if status and "Digest" in status:
            log.info(status)


def build_docs(engine, image, source, builder, uid):
    spec = {
        "Image": image,
        "Cmd": ["sphinx-build", "-W", "-b", builder, "/docs/source", f"/docs/_build/{builder}"],
        "WorkingDir": "/docs",
        "User": uid,
        "HostConfig": {"Binds": [f"{source}:/docs"], "AutoRemove": False, "NetworkMode": "none"},
    }
    created = engine.call("POST", "/containers/create", body=spec, query={"name": f"docs-build-{os.getpid()}"})
    cid = created["Id"]
    try:
        engine.call("POST", f"/containers/{cid}/start")
        logs = engine.call("GET", f"/containers/{cid}/logs",
                           query={"follow": 1, "stdout": 1, "stderr": 1}, stream=True)
        while True:
            header = logs.read(8)
            if len(header) < 8:
                break
            size = int.from_bytes(header[4:], "big")
            sys.stdout.write(logs.read(size).decode(errors="replace"))
        return engine.call("POST", f"/containers/{cid}/wait")["StatusCode"]
    finally:
        engine.call("DELETE", f"/containers/{cid}", query={"force": 1})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", nargs="?", default=".", help="repo checkout containing docs/")
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("-b", "--builder", default="html")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine()
    source = os.path.abspath(os.path.join(args.source, "docs"))
    if not os.path.isdir(source):
        log.error("no docs/ directory in %s", args.source)
        return 2
    try:
        if not args.no_pull:
            pull(engine, args.image)
        status = build_docs(engine, args.image, source, args.builder, f"{os.getuid()}:{os.getgid()}")
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    log.info("sphinx exited with %s", status)
    return status


if __name__ == "__main__":
    sys.exit(main())
