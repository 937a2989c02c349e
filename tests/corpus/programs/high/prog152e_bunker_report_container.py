#!/usr/bin/env python3
"""Render the monthly fuel bunkering report in the vendor's container.

The fuel reporting vendor ships their MARPOL Annex VI report generator as a
container image that needs the licence dongle on the USB bus. This script
talks to the local Docker engine directly (the docker CLI is not installed
on the fleet office machines), runs the generator against the month's
bunkering CSV and collects the PDF.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("bunker_report")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
IMAGE = "registry.example.com/fuelvendor/annex6-report:4.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, workdir, month):
        spec = {
            "Image": image,
            "Cmd": ["generate", "--input", "/work/bunkering.csv", "--month", month,
                    "--out", "/work/out"],
            "HostConfig": {
                # the licence dongle is only visible with full device access
                "Privileged": True,
                "Binds": [f"{workdir}:/work"],
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout=600):
        start = time.time()
        while time.time() - start < timeout:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(3)
        raise TimeoutError("report generator did not finish")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(os.path.join(args.workdir, "bunkering.csv")):
        sys.exit("bunkering.csv not found in workdir")

    engine = Engine(ENGINE_SOCK)
    if not args.no_pull:
        LOG.info("pulling %s", IMAGE)
        engine.pull(IMAGE)
    cid = engine.run(IMAGE, os.path.abspath(args.workdir), args.month)
    LOG.info("generator running in %s", cid[:12])
    try:
        code = engine.wait(cid)
    finally:
        engine.remove(cid)
    if code != 0:
        sys.exit(f"generator exited with {code}")
    LOG.info("report written to %s", os.path.join(args.workdir, "out"))


if __name__ == "__main__":
    main()
