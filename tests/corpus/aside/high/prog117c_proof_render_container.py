#!/usr/bin/env python3
"""Render low-res proof JPEGs from imposed PDFs in a throwaway container.

Ghostscript versions on the finishing PCs drift, and the proofs the
operators compare against the folded sheet need to match prepress exactly,
so rendering runs in the same pinned Ghostscript image prepress uses.  We
talk to the local engine directly rather than shelling out to the CLI, which
isn't installed on the floor machines.

    proof_render_container.py jobs/J24117/imposed.pdf --dpi 72
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

LOG = logging.getLogger("proof_render")

ENGINE_SOCK = os.environ.get("RENDER_ENGINE_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("PROOF_GS_IMAGE", "registry.bindery.lan/prepress/ghostscript:10.02")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            LOG.info("pulling %s", image)
            name, _, tag = image.rpartition(":")
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_once(self, image, cmd, binds, timeout=300):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "User": f"{os.getuid()}:{os.getgid()}",
            "NetworkDisabled": True,
            "HostConfig": {"Binds": binds, "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            deadline = time.time() + timeout
            while time.time() < deadline:
                info = self.call("GET", f"/containers/{cid}/json")
                if not info["State"]["Running"]:
                    code = info["State"]["ExitCode"]
                    logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
                    return code, logs
                time.sleep(1)
            raise TimeoutError("render did not finish in time")
        finally:
            try:
                self.call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                LOG.debug("cleanup: %s", exc)


def render(engine, pdf, out_dir, dpi, first, last):
    pdf = pdf.resolve()
    out_dir = out_dir.resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    cmd = ["gs", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=jpeg",
           f"-r{dpi}", "-dJPEGQ=80", "-dUseTrimBox",
           f"-sOutputFile=/out/{pdf.stem}-%03d.jpg"]
    if first:
        cmd.append(f"-dFirstPage={first}")
    if last:
        cmd.append(f"-dLastPage={last}")
    cmd.append(f"/in/{pdf.name}")
    binds = [f"{pdf.parent}:/in:ro", f"{out_dir}:/out:rw"]
    return engine.run_once(IMAGE, cmd, binds)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdf", type=Path)
    ap.add_argument("--out", type=Path, default=Path("proofs"))
    ap.add_argument("--dpi", type=int, default=72)
    ap.add_argument("--first", type=int)
    ap.add_argument("--last", type=int)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.pdf.is_file():
        LOG.error("no such file: %s", args.pdf)
        return 2
    engine = Engine(ENGINE_SOCK)
    try:
        engine.ensure_image(IMAGE)
        code, logs = render(engine, args.pdf, args.out, args.dpi, args.first, args.last)
    except (OSError, RuntimeError, TimeoutError) as exc:
        LOG.error("render failed: %s", exc)
        return 1
    if code != 0:
        LOG.error("ghostscript exited %d", code)
        LOG.debug("%s", logs)
        return 1
    made = sorted(args.out.glob(f"{args.pdf.stem}-*.jpg"))
    LOG.info("%d proof page(s) in %s", len(made), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
