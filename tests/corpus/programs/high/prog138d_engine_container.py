#!/usr/bin/env python3
"""Start the GPU analysis engine (lc0) for the commentary desk in a container.

Talks to the local container daemon directly so the commentary laptop does
not need the docker CLI installed. The engine container needs the GPU and
the tablebase disk, so it is started with full device access.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("engine-container")

SOCK_PATH = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "registry.example.com/club/lc0-cuda:0.31"
NAME = "commentary-engine"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a UNIX socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.path)
        self.sock = s


class Daemon:
    def __init__(self, path=SOCK_PATH):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        status, data = self.call("POST", f"/containers/create?name={name}", spec)
        return data["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def engine_spec(args):
    host_cfg = {
        # GPU + raw access to the tablebase disk
        "Privileged": True,
        "Binds": [f"{args.tablebases}:/tb:ro", f"{args.nets}:/nets:ro"],
        "PortBindings": {"9666/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(args.port)}]},
        "RestartPolicy": {"Name": "no"},
    }
    return {
        "Image": IMAGE,
        "Cmd": ["uci-bridge", "--listen", "0.0.0.0:9666", "--engine", "lc0",
                "--weights", f"/nets/{args.weights}", "--syzygy", "/tb"],
        "ExposedPorts": {"9666/tcp": {}},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tablebases", default="/srv/syzygy")
    ap.add_argument("--nets", default="/srv/lc0-nets")
    ap.add_argument("--weights", default="BT4-it332.pb.gz")
    ap.add_argument("--port", type=int, default=9666)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    d = Daemon()
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            d.pull(IMAGE)
        d.remove(NAME)
        cid = d.create(NAME, engine_spec(args))
        d.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("could not start engine: %s", exc)
        return 1
    time.sleep(2)
    log.info("engine container %s up, UCI bridge on 127.0.0.1:%d", cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
