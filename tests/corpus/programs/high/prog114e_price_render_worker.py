#!/usr/bin/env python3
"""Render JavaScript-heavy supplier price pages in a throwaway headless browser.

Some tile suppliers only show trade prices after their React bundle runs, so
plain HTTP scraping gets an empty shell. This worker starts a headless
Chromium container per batch, asks it for the rendered HTML of each product
page and saves the pages under rendered/ for the price parser to pick up.

Talks to the local Docker engine directly so it works on the office box
without the docker CLI or SDK installed.
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

LOG = logging.getLogger("render_worker")
IMAGE = os.environ.get("RENDER_IMAGE", "zenika/alpine-chrome:latest")


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
    def __init__(self, sock_path="/var/run/docker.sock"):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/v1.43{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={tag or 'latest'}")

    def run_render(self, url, timeout_s=45):
        spec = {
            "Image": IMAGE,
            "Cmd": ["chromium-browser", "--headless", "--disable-gpu",
                    "--virtual-time-budget=8000", "--dump-dom", url],
            "HostConfig": {
                "AutoRemove": False,
                "ShmSize": 512 * 1024 * 1024,
                "CapAdd": ["SYS_ADMIN"],
                "SecurityOpt": ["seccomp=unconfined"],
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            self.call("POST", f"/containers/{cid}/wait?condition=not-running",
                      expect=(200,))
            raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=0")
            return demux(raw)
        finally:
            try:
                self.call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                LOG.warning("cleanup of %s failed: %s", cid[:12], exc)


def demux(raw: bytes) -> str:
    """Strip Docker's 8-byte stream frame headers from a log payload."""
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", "replace")


def slug(url):
    return "".join(c if c.isalnum() else "_" for c in url)[-120:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("urls", help="file with one product URL per line")
    ap.add_argument("--out", default="rendered")
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    engine = Engine(args.socket)
    if not args.no_pull:
        LOG.info("pulling %s", IMAGE)
        engine.pull(IMAGE)

    urls = [u.strip() for u in Path(args.urls).read_text().splitlines() if u.strip()]
    ok = 0
    for url in urls:
        started = time.monotonic()
        try:
            html = engine.run_render(url)
        except (RuntimeError, OSError) as exc:
            LOG.error("%s: %s", url, exc)
            continue
        (out / f"{slug(url)}.html").write_text(html)
        ok += 1
        LOG.info("rendered %s in %.1fs (%d bytes)", url, time.monotonic() - started, len(html))
    LOG.info("%d/%d pages rendered", ok, len(urls))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
