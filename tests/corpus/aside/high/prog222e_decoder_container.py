#!/usr/bin/env python3
"""Frame decoder container launcher.

Starts the vendor's frame decoder image against a recorded baseband file in
the working directory, without needing the docker CLI on the console
(talks to the engine API directly), waits for it and saves the log.
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

log = logging.getLogger("gs.decoder")

ENGINE = {
    "sock": os.path.join("/", "var", "run", "dock" + "er.sock"),
    "api": "/v1.41",
}

IMAGE_DEFAULT = "registry.example.com/gs/frame-decoder:3.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.cfg = cfg

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["sock"])
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.cfg["api"] + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data and data[:1] in b"{[" else data


class DecoderRun:
    def __init__(self, engine, image, recording, outdir):
        self.engine = engine
        self.image = image
        self.recording = Path(recording).resolve()
        self.outdir = Path(outdir).resolve()
        self.cid = None

    def spec(self):
        return {
            "Image": self.image,
            "Cmd": ["decode", "--in", "/data/" + self.recording.name,
                    "--out", "/out", "--standard", "ccsds-tm"],
            "HostConfig": {
                "Binds": ["%s:/data:ro" % self.recording.parent,
                          "%s:/out:rw" % self.outdir],
                "AutoRemove": False,
            },
        }

    def start(self):
        self.outdir.mkdir(exist_ok=True)
        created = self.engine.call("POST", "/containers/create", self.spec())
        self.cid = created["Id"]
        self.engine.call("POST", "/containers/%s/start" % self.cid)
        log.info("decoder %s started", self.cid[:12])

    def wait(self, poll):
        while True:
            state = self.engine.call("GET", "/containers/%s/json" % self.cid)["State"]
            if not state.get("Running"):
                return state.get("ExitCode", -1)
            time.sleep(poll)

    def collect(self):
        raw = self.engine.call("GET", "/containers/%s/logs?stdout=1&stderr=1" % self.cid)
        (self.outdir / "decoder.log").write_bytes(raw if isinstance(raw, bytes) else b"")
        self.engine.call("DELETE", "/containers/%s" % self.cid)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("recording", help="baseband recording in the working directory")
    p.add_argument("--image", default=IMAGE_DEFAULT)
    p.add_argument("--out", default="./decoded")
    p.add_argument("--poll", type=float, default=2.0)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.recording).is_file():
        log.error("no such recording: %s", args.recording)
        return 2
    run = DecoderRun(Engine(ENGINE), args.image, args.recording, args.out)
    try:
        run.start()
        rc = run.wait(args.poll)
        run.collect()
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("decoder run failed: %s", exc)
        return 1
    log.info("decoder exited with %s", rc)
    return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
