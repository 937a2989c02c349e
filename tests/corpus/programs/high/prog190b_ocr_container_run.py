#!/usr/bin/env python3
"""OCR the photographed bills of lading with a throwaway tesseract container.

Talks to the local Docker Engine API directly so that the packing-office
PCs do not need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from pathlib import Path

log = logging.getLogger("bol-ocr")

IMAGE = os.environ.get("OCR_IMAGE", "registry.example.com/tools/tesseract:5.3")
_SOCK_PARTS = ("/var", "run", "docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    version = "v1.43"

    def __init__(self, sock_path=None):
        self.sock_path = sock_path or os.environ.get("DOCKER_SOCK") or "/".join(_SOCK_PARTS)

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{self.version}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"{[" else data

    def __getattr__(self, verb):
        if verb in ("get", "post", "delete"):
            return lambda path, body=None: self.call(verb.upper(), path, body)
        raise AttributeError(verb)


def run_ocr(engine, folder, lang):
    spec = {
        "Image": IMAGE,
        "Cmd": ["sh", "-c", f"for f in /in/*.jpg; do tesseract \"$f\" \"/in/$(basename \"$f\" .jpg)\" -l {lang}; done"],
        "HostConfig": {"Binds": [f"{folder}:/in"], "AutoRemove": False, "NetworkMode": "none"},
        "User": f"{os.getuid()}:{os.getgid()}",
    }
    cid = engine.post("/containers/create", spec)["Id"]
    log.info("container %s created", cid[:12])
    try:
        engine.post(f"/containers/{cid}/start")
        status = engine.post(f"/containers/{cid}/wait")
        log.info("container exited with %s", status.get("StatusCode"))
        return status.get("StatusCode", 1)
    finally:
        engine.delete(f"/containers/{cid}?force=true")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", nargs="?", default="bills_of_lading")
    ap.add_argument("--lang", default="eng")
    ap.add_argument("--pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    folder = Path(args.folder).resolve()
    if not any(folder.glob("*.jpg")):
        log.error("no .jpg files in %s", folder)
        return 1
    engine = Engine()
    if args.pull:
        name, _, tag = IMAGE.rpartition(":")
        engine.post(f"/images/create?fromImage={name}&tag={tag}")
    code = run_ocr(engine, folder, args.lang)
    for txt in sorted(folder.glob("*.txt")):
        print(f"{txt.name}: {len(txt.read_text().split())} words")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
