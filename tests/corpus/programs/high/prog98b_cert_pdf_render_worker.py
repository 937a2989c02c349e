#!/usr/bin/env python3
"""Render electrical installation certificates (EICR/EIC) to PDF.

The certificate HTML produced by the testing app uses CSS that wkhtmltopdf
can't lay out, so we render with headless Chromium in the Gotenberg
container.  The worker starts a Gotenberg container on demand through the
local Docker engine, feeds it every HTML file in the queue directory, and
stops the container again when the queue is empty.

    ./cert_pdf_render_worker.py --queue outbox/html --out outbox/pdf
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("render_worker")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "gotenberg/gotenberg:8"
CONTAINER = "cert-render-gotenberg"
HOST_PORT = 3765


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    """Minimal Docker Engine API client, enough to run one container."""

    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/v1.43{path}", json.dumps(body) if body is not None else None, headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status not in ok:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw and raw.startswith((b"{", b"[")) else None
        finally:
            conn.close()

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def ensure_running(self, name, image, port):
        existing = self.call("GET", f"/containers/json?all=1&filters=" +
                             json.dumps({"name": [name]}).replace(" ", ""))
        if not existing:
            self.pull(image)
            spec = {
                "Image": image,
                "Labels": {"app": "cert-render"},
                "ExposedPorts": {"3000/tcp": {}},
                "HostConfig": {
                    "PortBindings": {"3000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                    "AutoRemove": True,
                    "Memory": 1024 * 1024 * 1024,
                },
            }
            self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{name}/start")

    def stop(self, name):
        self.call("POST", f"/containers/{name}/stop?t=5", ok=(204, 304, 404))


def wait_ready(base, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if requests.get(f"{base}/health", timeout=3).ok:
                return True
        except requests.RequestException:
            pass
        time.sleep(1.5)
    return False


def render(base, html_path, pdf_path):
    with html_path.open("rb") as fh:
        r = requests.post(
            f"{base}/forms/chromium/convert/html",
            files={"files": ("index.html", fh, "text/html")},
            data={"paperWidth": "8.27", "paperHeight": "11.7", "printBackground": "true"},
            timeout=120,
        )
    r.raise_for_status()
    pdf_path.write_bytes(r.content)


def main(argv=None):
    p = argparse.ArgumentParser(description="Render certificate HTML to PDF via Gotenberg")
    p.add_argument("--queue", type=Path, default=Path("outbox/html"))
    p.add_argument("--out", type=Path, default=Path("outbox/pdf"))
    p.add_argument("--keep-running", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    jobs = sorted(args.queue.glob("*.html"))
    if not jobs:
        log.info("queue empty")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)

    engine = Engine()
    base = f"http://127.0.0.1:{HOST_PORT}"
    try:
        engine.ensure_running(CONTAINER, IMAGE, HOST_PORT)
    except (OSError, RuntimeError) as exc:
        log.error("could not start renderer: %s", exc)
        return 2
    if not wait_ready(base):
        log.error("renderer did not become ready")
        return 2

    done = failed = 0
    try:
        for html in jobs:
            pdf = args.out / html.with_suffix(".pdf").name
            try:
                render(base, html, pdf)
                html.rename(html.with_suffix(".done"))
                done += 1
                log.info("rendered %s", pdf.name)
            except requests.RequestException as exc:
                log.error("%s failed: %s", html.name, exc)
                failed += 1
    finally:
        if not args.keep_running:
            engine.stop(CONTAINER)
    log.info("%d rendered, %d failed", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
