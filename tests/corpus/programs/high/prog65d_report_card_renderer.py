#!/usr/bin/env python3
"""Render end-of-term report cards to PDF in a throwaway LibreOffice container.

The school's report-card templates are .odt mail-merge documents. Rather than
installing LibreOffice on the office server, we start a headless converter
container for each batch, bind-mount the batch folder and collect the PDFs.

Talks to the local Docker Engine API directly so it works on the office
server where the docker CLI is not installed for staff accounts.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("report_renderer")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.edu/tools/libreoffice-headless:7.6"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, self.api + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_batch(self, image, batch_dir, out_fmt="pdf"):
        spec = {
            "Image": image,
            "WorkingDir": "/batch",
            "Cmd": ["soffice", "--headless", "--convert-to", out_fmt,
                    "--outdir", "/batch/out"] + sorted(p.name for p in batch_dir.glob("*.odt")),
            "HostConfig": {
                "Binds": [f"{batch_dir.resolve()}:/batch:rw"],
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            return result.get("StatusCode", -1)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true", expect=(204, 404))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batches", nargs="+", type=Path, help="folders of .odt report cards")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        engine.call("GET", "/_ping", expect=(200,))
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", DOCKER_SOCK, exc)
        return 2
    if not args.no_pull:
        engine.pull(args.image)

    failures = 0
    for batch in args.batches:
        if not any(batch.glob("*.odt")):
            log.warning("%s has no .odt files, skipping", batch)
            continue
        (batch / "out").mkdir(exist_ok=True)
        started = time.monotonic()
        code = engine.run_batch(args.image, batch)
        pdfs = len(list((batch / "out").glob("*.pdf")))
        log.info("%s: exit %s, %d PDFs in %.1fs", batch, code, pdfs, time.monotonic() - started)
        failures += code != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
