#!/usr/bin/env python3
"""Convert office documents to tagged (accessible) PDF in throw-away containers.

Each document from ./inbox is rendered by a LibreOffice container started
through the Docker Engine API, with PDF/UA tagging switched on.  Results land
in ./outbox.  Talking to the engine directly keeps the tool free of the docker
SDK dependency on the locked-down render hosts.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("pdf-render-pool")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "registry.docs.internal/render/libreoffice-pdfua:7.6"
CONVERTIBLE = {".docx", ".odt", ".rtf", ".pptx", ".odp", ".doc"}


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

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"{[" else raw

    def ensure_image(self, image):
        # render hosts have no registry access; ops pre-load the image
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError as exc:
            raise RuntimeError(f"image {image} is not loaded on this host") from exc

    def run_once(self, image, cmd, binds, timeout):
        created = self.call("POST", "/containers/create", {
            "Image": image,
            "Cmd": cmd,
            "User": "1000:1000",
            "NetworkDisabled": True,
            "HostConfig": {"Binds": binds, "Memory": 1 << 30, "ReadonlyRootfs": False},
        })
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait?condition=not-running",
                               expect=(200,))
            return status.get("StatusCode", 1)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true", expect=(204, 404))


def render_all(engine, inbox: Path, outbox: Path, timeout: int):
    outbox.mkdir(parents=True, exist_ok=True)
    docs = sorted(p for p in inbox.iterdir() if p.suffix.lower() in CONVERTIBLE)
    ok = failed = 0
    for doc in docs:
        target = outbox / (doc.stem + ".pdf")
        if target.exists() and target.stat().st_mtime >= doc.stat().st_mtime:
            continue
        filt = 'pdf:writer_pdf_Export:{"UseTaggedPDF":{"type":"boolean","value":"true"},' \
               '"PDFUACompliance":{"type":"boolean","value":"true"}}'
        cmd = ["soffice", "--headless", "--convert-to", filt,
               "--outdir", "/out", f"/in/{doc.name}"]
        binds = [f"{inbox.resolve()}:/in:ro", f"{outbox.resolve()}:/out:rw"]
        started = time.monotonic()
        try:
            code = engine.run_once(IMAGE, cmd, binds, timeout)
        except (RuntimeError, OSError) as exc:
            log.error("%s: %s", doc.name, exc)
            failed += 1
            continue
        if code == 0 and target.exists():
            ok += 1
            log.info("%s -> %s (%.1fs)", doc.name, target.name, time.monotonic() - started)
        else:
            failed += 1
            log.error("%s: renderer exited with %s", doc.name, code)
    return ok, failed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inbox", default="inbox", type=Path)
    ap.add_argument("--outbox", default="outbox", type=Path)
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--timeout", type=int, default=180)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        engine.call("GET", "/_ping", expect=(200,))
        engine.ensure_image(IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable on %s: %s", args.socket, exc)
        return 2
    ok, failed = render_all(engine, args.inbox, args.outbox, args.timeout)
    log.info("rendered %d, failed %d", ok, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
