#!/usr/bin/env python3
"""
entry_pdf_renderer.py - turn rendered entry forms (HTML) into PDFs.

The racing authority wants PDF copies of the entry forms for the declarations
office.  wkhtmltopdf is awkward to install on the yard office machines, so the
renderer runs it in a throwaway container against ./entries/<meeting>.

    entry_pdf_renderer.py --meeting 2024-06-14-ASCOT
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

log = logging.getLogger("entry-pdf")

IMAGE = os.environ.get("WKHTML_IMAGE", "surnet/alpine-wkhtmltopdf:3.19.0-0.12.6-full")


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
    """Minimal client for the container engine API."""

    def __init__(self, sock_path=None):
        host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        self.path = sock_path or host.replace("unix://", "", 1)

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/v1.43" + url,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data and data[:1] in b"{[" else data
        finally:
            conn.close()

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            raise RuntimeError(f"image {image} not present; ask IT to load it "
                               "from the office image share") from None

    def run(self, image, cmd, workdir: Path):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "User": f"{os.getuid()}:{os.getgid()}",
            "HostConfig": {"Binds": [f"{workdir.resolve()}:/work"],
                           "NetworkMode": "none", "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            code = status.get("StatusCode", 1)
            if code != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stderr=1&tail=20")
                log.error("renderer exited %d: %s", code,
                          logs[-500:] if isinstance(logs, bytes) else logs)
            return code
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def render_meeting(engine, meeting_dir: Path, page_size):
    forms = sorted(meeting_dir.glob("*.html"))
    if not forms:
        log.warning("no HTML forms in %s", meeting_dir)
        return 0
    done = 0
    for form in forms:
        pdf = form.with_suffix(".pdf")
        if pdf.exists() and pdf.stat().st_mtime >= form.stat().st_mtime:
            continue
        t0 = time.monotonic()
        code = engine.run(IMAGE, ["wkhtmltopdf", "--quiet", "--page-size", page_size,
                                  "--disable-javascript", form.name, pdf.name],
                          meeting_dir)
        if code == 0:
            done += 1
            log.info("%s (%.1fs)", pdf.name, time.monotonic() - t0)
    return done


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render entry forms to PDF")
    ap.add_argument("--meeting", required=True)
    ap.add_argument("--entries", type=Path, default=Path("entries"))
    ap.add_argument("--page-size", default="A4")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    meeting_dir = args.entries / args.meeting
    if not meeting_dir.is_dir():
        log.error("no forms rendered for %s (expected %s)", args.meeting, meeting_dir)
        return 1
    engine = Engine()
    try:
        engine.ensure_image(IMAGE)
        n = render_meeting(engine, meeting_dir, args.page_size)
    except (OSError, RuntimeError) as exc:
        log.error("container engine: %s", exc)
        return 1
    log.info("%d PDFs written to %s", n, meeting_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
