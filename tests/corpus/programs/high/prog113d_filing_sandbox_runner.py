#!/usr/bin/env python3
"""Convert court filing bundles to PDF/A inside a throwaway container.

Some courts reject filings that are not PDF/A-2b.  Instead of installing
Ghostscript and veraPDF on every clerk workstation, this tool starts the
office's converter image, mounts the bundle directory, runs the conversion
and validation, and removes the container afterwards.  It talks to the
Docker Engine API directly so it works without the docker CLI.
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

log = logging.getLogger("pdfa-sandbox")

IMAGE = os.environ.get("PDFA_IMAGE", "registry.example-notarial.org/tools/pdfa-convert:2.4")
ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = EngineConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, image, cmd, bundle_dir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "User": f"{os.getuid()}:{os.getgid()}",
            "WorkingDir": "/work",
            "HostConfig": {
                "Binds": [f"{bundle_dir}:/work"],
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        out, i = [], 0
        while i + 8 <= len(raw):
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bundle_dir", type=Path, help="directory with the PDFs to convert")
    ap.add_argument("--level", default="2b", choices=["1b", "2b", "3b"])
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the container for debugging")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bundle = args.bundle_dir.resolve()
    pdfs = sorted(p.name for p in bundle.glob("*.pdf"))
    if not pdfs:
        raise SystemExit(f"no PDFs in {bundle}")
    if not Path(ENGINE_SOCKET).exists():
        raise SystemExit(f"container engine socket not found at {ENGINE_SOCKET}")

    engine = Engine()
    if not args.no_pull:
        log.info("pulling %s", IMAGE)
        engine.pull(IMAGE)

    cmd = ["pdfa-convert", "--level", args.level, "--outdir", "/work/pdfa", "--validate", *pdfs]
    started = time.monotonic()
    cid = engine.run(IMAGE, cmd, str(bundle))
    log.info("container %s started for %d file(s)", cid[:12], len(pdfs))
    try:
        status = engine.wait(cid)
        sys.stdout.write(engine.logs(cid))
    finally:
        if not args.keep:
            engine.remove(cid)
    log.info("finished in %.1fs with status %d", time.monotonic() - started, status)
    sys.exit(status)


if __name__ == "__main__":
    main()
