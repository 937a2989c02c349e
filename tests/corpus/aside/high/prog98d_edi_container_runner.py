#!/usr/bin/env python3
"""Run the wholesaler's EDI translator container against our order files.

Two of our suppliers only accept EDIFACT ORDERS messages and ship their
translator as a container image. This drops our purchase-order CSVs into
./edi/out, runs the translator once through the local Docker Engine API
(no docker CLI on the shop server), and collects the .edi files and the
translator log into ./edi/sent.

    edi_container_runner.py --image registry.example.com/seachest/edi-tx:3.2
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("edi_runner")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.41"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, API + path, data, headers)
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {payload[:200]!r}")
            if raw:
                return payload
            return json.loads(payload) if payload else {}
        finally:
            conn.close()

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        if not name or "/" in tag:
            name, tag = image, "latest"
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)


def run_translator(engine, image, workdir, supplier):
    spec = {
        "Image": image,
        "Env": [f"SUPPLIER={supplier}", "INPUT=/data/out", "OUTPUT=/data/sent"],
        "HostConfig": {
            "Binds": [f"{workdir.resolve()}:/data"],
            # the translator talks to its licence dongle over USB
            "Privileged": True,
            "AutoRemove": False,
        },
    }
    created = engine.call("POST", "/containers/create", spec)
    cid = created["Id"]
    LOG.info("container %s created", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start")
        result = engine.call("POST", f"/containers/{cid}/wait")
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        (workdir / "sent" / f"translator-{int(time.time())}.log").write_bytes(logs)
        return result.get("StatusCode", 1)
    finally:
        try:
            engine.call("DELETE", f"/containers/{cid}?force=1")
        except RuntimeError as exc:
            LOG.warning("cleanup: %s", exc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", required=True)
    ap.add_argument("--supplier", default="SEACHEST")
    ap.add_argument("--workdir", default="edi")
    ap.add_argument("--no-pull", dest="pull", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    workdir = Path(args.workdir)
    (workdir / "out").mkdir(parents=True, exist_ok=True)
    (workdir / "sent").mkdir(exist_ok=True)
    orders = sorted((workdir / "out").glob("*.csv"))
    if not orders:
        LOG.info("no purchase orders waiting in %s/out", workdir)
        return 0

    engine = Engine()
    try:
        if args.pull:
            engine.pull(args.image)
        status = run_translator(engine, args.image, workdir, args.supplier)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("translator run failed: %s", exc)
        return 1

    produced = list((workdir / "sent").glob("*.edi"))
    LOG.info("translator exit %s, %d orders in, %d EDI files out",
             status, len(orders), len(produced))
    if status == 0:
        for f in orders:
            f.rename(workdir / "sent" / f.name)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
