#!/usr/bin/env python3
"""Impose PDFs (n-up, booklet) inside the prepress toolchain container.

The prepress image carries a pinned TeX Live + pdfjam + qpdf so every
workstation produces byte-identical imposition.  This wrapper talks to
the local Docker engine directly (no docker CLI on the RIP boxes),
mounts the job folder and runs pdfjam in a throwaway container.

    impose input.pdf --nup 2x1 --paper a3paper --landscape
    impose input.pdf --booklet --paper a4paper
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
from urllib.parse import quote

log = logging.getLogger("impose")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("PREPRESS_IMAGE", "registry.example.com/prepress/pdfjam:2024.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
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
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path,
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            log.info("pulling %s", image)
            name, _, tag = image.rpartition(":")
            self.call("POST", f"/images/create?fromImage={quote(name)}&tag={tag}")

    def run(self, image, cmd, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/job",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {
                "Binds": [f"{workdir}:/job"],
                "Privileged": True,
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return status.get("StatusCode", 1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def build_pdfjam(args, src_name, out_name):
    cmd = ["pdfjam", "--outfile", out_name, "--paper", args.paper]
    if args.booklet:
        cmd += ["--booklet", "true", "--landscape"]
    else:
        cmd += ["--nup", args.nup]
        if args.landscape:
            cmd.append("--landscape")
    if args.frame:
        cmd += ["--frame", "true"]
    if args.trim:
        cmd += ["--trim", args.trim, "--clip", "true"]
    cmd += ["--", src_name, args.pages]
    return cmd


def main(argv=None):
    ap = argparse.ArgumentParser(description="prepress imposition")
    ap.add_argument("pdf", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--nup", default="2x1")
    ap.add_argument("--paper", default="a3paper")
    ap.add_argument("--pages", default="-", help="page range, e.g. 1-16")
    ap.add_argument("--booklet", action="store_true")
    ap.add_argument("--landscape", action="store_true")
    ap.add_argument("--frame", action="store_true")
    ap.add_argument("--trim", help="e.g. '3mm 3mm 3mm 3mm' to cut bleed")
    ap.add_argument("--image", default=IMAGE)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = args.pdf.resolve()
    if not src.is_file():
        log.error("%s not found", src)
        return 2
    kind = "booklet" if args.booklet else args.nup
    out = (args.output or src.with_name(f"{src.stem}-{kind}.pdf")).resolve()
    if out.parent != src.parent:
        log.error("output must be in the same folder as the input (%s)", src.parent)
        return 2

    engine = Engine(DOCKER_SOCK)
    try:
        engine.ensure_image(args.image)
        started = time.monotonic()
        rc, logs = engine.run(args.image, build_pdfjam(args, src.name, out.name), str(src.parent))
    except (OSError, RuntimeError) as exc:
        log.error("container run failed: %s", exc)
        return 1
    if rc != 0:
        sys.stderr.write(logs.decode(errors="replace") if isinstance(logs, bytes) else str(logs))
        log.error("pdfjam exited with %s", rc)
        return 1
    log.info("wrote %s in %.1fs", out, time.monotonic() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
