#!/usr/bin/env python3
"""Run the TM concordance indexer in a container on the CAT server.

The indexer ships as a container image. Instead of depending on the docker
CLI (not installed on the slim CAT hosts) this talks to the engine API
directly, creates a one-shot container with the TM folder mounted, and
streams its exit status back.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("tm-indexer")

ENGINE = {
    "dir": os.path.join(os.sep, "var", "run"),
    "name": "dock" + "er.sock",
    "api": "/v1.41",
}

IMAGE = "registry.example.com/agency/tm-indexer:2.4"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local unix socket."""

    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self):
        self.path = os.path.join(ENGINE["dir"], ENGINE["name"])

    def call(self, method, route, payload=None):
        conn = EngineConnection(self.path)
        body = json.dumps(payload) if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, ENGINE["api"] + route, body=body, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def create(self, image, tm_dir, lang_pair):
        spec = {
            "Image": image,
            "Cmd": ["index", "--pair", lang_pair, "/data"],
            "HostConfig": {
                "Binds": [f"{tm_dir}:/data"],
                "AutoRemove": False,
            },
            "Labels": {"agency.job": "tm-index"},
        }
        return self.call("POST", "/containers/create", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait").get("StatusCode", -1)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tm_dir", help="folder with the .tmx files to index")
    ap.add_argument("--pair", default="en-de")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    tm_dir = os.path.abspath(args.tm_dir)
    if not os.path.isdir(tm_dir):
        LOG.error("no such directory %s", tm_dir)
        return 1
    engine = Engine()
    if not os.path.exists(engine.path):
        LOG.error("container engine socket not found at %s", engine.path)
        return 1
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.create(args.image, tm_dir, args.pair)
        started = time.monotonic()
        engine.start(cid)
        LOG.info("indexer %s running for %s", cid[:12], args.pair)
        code = engine.wait(cid)
        LOG.info("indexer finished with %s after %.0fs", code, time.monotonic() - started)
        engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("engine call failed: %s", exc)
        return 1
    return 0 if code == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
