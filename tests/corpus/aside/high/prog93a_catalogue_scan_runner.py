#!/usr/bin/env python3
"""OCR scanned sheet-music covers so the catalogue gets titles and composers.

The back-office scanner drops PDFs into ./scans. For each new PDF we run the
shop's OCR image against it and collect the text layer into
./scans/ocr/<name>.txt, which the catalogue importer picks up later.

The OCR tooling is heavy (tesseract + language packs + music fonts), so it
runs in a container rather than being installed on the office PC.
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

log = logging.getLogger("scan_runner")

OCR_IMAGE = os.environ.get("SCAN_OCR_IMAGE", "registry.scoreshop.example.net/tools/sheet-ocr:3.2")
ENGINE_SOCKET = os.environ.get("SCAN_ENGINE_SOCKET", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self._unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._unix_path)
        self.sock = sock


class Engine:
    api = "/v1.43"

    def __init__(self, socket_path):
        self.socket_path = socket_path

    def call(self, method, path, payload=None, raw=False):
        conn = UnixHTTPConnection(self.socket_path)
        body = json.dumps(payload) if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, self.api + path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{quote(image, safe='')}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag)}", raw=True)

    def run_once(self, image, cmd, binds):
        created = self.call("POST", "/containers/create", {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "HostConfig": {"Binds": binds, "AutoRemove": False},
            "Labels": {"shop.tool": "scan_runner"},
        })
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
            return status.get("StatusCode", -1), logs
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def pending_scans(scan_dir):
    ocr_dir = scan_dir / "ocr"
    for pdf in sorted(scan_dir.glob("*.pdf")):
        if not (ocr_dir / f"{pdf.stem}.txt").exists():
            yield pdf


def main(argv=None):
    ap = argparse.ArgumentParser(description="OCR new sheet-music scans")
    ap.add_argument("--scans", default="scans")
    ap.add_argument("--lang", default="eng+deu+ita")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    scan_dir = Path(args.scans).resolve()
    (scan_dir / "ocr").mkdir(parents=True, exist_ok=True)
    engine = Engine(ENGINE_SOCKET)
    try:
        engine.ensure_image(OCR_IMAGE)
    except (OSError, RuntimeError) as exc:
        log.error("container engine unavailable: %s", exc)
        return 1

    done = failed = 0
    for pdf in pending_scans(scan_dir):
        started = time.monotonic()
        cmd = ["sheet-ocr", "--lang", args.lang, f"/work/{pdf.name}",
               "--text-out", f"/work/ocr/{pdf.stem}.txt"]
        try:
            code, logs = engine.run_once(OCR_IMAGE, cmd, [f"{scan_dir}:/work:rw"])
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", pdf.name, exc)
            failed += 1
            continue
        if code == 0:
            done += 1
            log.info("%s done in %.1fs", pdf.name, time.monotonic() - started)
        else:
            failed += 1
            log.warning("%s failed (%d): %s", pdf.name, code, logs[-400:].decode(errors="replace"))
        if args.limit and done >= args.limit:
            break

    log.info("%d scanned, %d failed", done, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
