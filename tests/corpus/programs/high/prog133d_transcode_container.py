#!/usr/bin/env python3
"""Start the webcam transcoder container for the studio live stream.

The transcoder image is already on the box (the vendor installed it).
It needs the camera and the GPU encoder, so it is started with full
device access. Talks to the Docker engine API directly to avoid pulling
in the docker SDK on the POS machine.
"""
import argparse
import http.client
import json
import logging
import socket

log = logging.getLogger("transcoder")

ENGINE_SOCK = "/".join(["", "var", "run", "docker.sock"])
API = "/v1.43"

SPEC = {
    "Image": "studio/transcoder:1.4",
    "Env": ["INPUT=/dev/video0", "OUTPUT=rtmp://127.0.0.1/live/studio", "BITRATE=2500k"],
    "HostConfig": {
        "Privileged": True,
        "Binds": ["/dev:/dev"],
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
    },
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw else None
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data}")
        return data

    def find(self, name):
        flt = json.dumps({"name": [name]})
        from urllib.parse import quote
        items = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return items[0] if items else None

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def main():
    ap = argparse.ArgumentParser(description="Run the stream transcoder")
    ap.add_argument("--name", default="studio-transcoder")
    ap.add_argument("--bitrate", default=None)
    ap.add_argument("--recreate", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = json.loads(json.dumps(SPEC))
    if args.bitrate:
        spec["Env"] = [e for e in spec["Env"] if not e.startswith("BITRATE=")]
        spec["Env"].append(f"BITRATE={args.bitrate}")

    engine = Engine()
    try:
        existing = engine.find(args.name)
        if existing and not args.recreate and existing["State"] == "running":
            log.info("transcoder already running (%s)", existing["Id"][:12])
            return 0
        if existing:
            engine.remove(existing["Id"])
            log.info("removed old container")
        cid = engine.create(args.name, spec)
        engine.start(cid)
        log.info("transcoder started: %s", cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
