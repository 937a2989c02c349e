#!/usr/bin/env python3
"""Normalise a folder of scanned PDFs (OCR + deskew) using the ocrmypdf
container image, talking to the local Docker engine directly so no docker
CLI is needed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("pdfnorm")
ENGINE_SOCKET = "/var/run/docker.sock"
IMAGE = "jbarlow83/ocrmypdf:v16.0.4"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str = ENGINE_SOCKET):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = EngineConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_once(self, image: str, cmd: list, workdir: Path) -> int:
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/data",
            "HostConfig": {"Binds": [f"{workdir.resolve()}:/data"], "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            return int(status.get("StatusCode", 1))
        finally:
            self.call("DELETE", f"/containers/{cid}?force=true")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", type=Path, nargs="?", default=Path("scans"))
    ap.add_argument("--lang", default="eng")
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out_dir = args.folder / "normalised"
    out_dir.mkdir(parents=True, exist_ok=True)
    engine = Engine()
    if args.pull:
        repo, tag = IMAGE.rsplit(":", 1)
        engine.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    failures = 0
    for pdf in sorted(args.folder.glob("*.pdf")):
        started = time.monotonic()
        cmd = ["--deskew", "--rotate-pages", "-l", args.lang,
               pdf.name, f"normalised/{pdf.name}"]
        try:
            code = engine.run_once(IMAGE, cmd, args.folder)
        except (OSError, RuntimeError) as exc:
            log.error("%s: %s", pdf.name, exc)
            failures += 1
            continue
        log.info("%s -> exit %d in %.1fs", pdf.name, code, time.monotonic() - started)
        failures += code != 0
    log.info("done, %d failure(s)", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
