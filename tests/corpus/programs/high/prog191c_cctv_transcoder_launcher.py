#!/usr/bin/env python3
"""Launch the lock-side CCTV transcoder container.

The cameras on the lower gates write raw RTSP dumps to /srv/cctv; the
transcoder container turns them into daily MP4s for the incident archive.
Talks to the local Docker engine directly so the cabin PC does not need the
docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("cctv-launcher")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/".join(("", "var", "run", "docker.sock")))
IMAGE = os.environ.get("TRANSCODER_IMAGE", "registry.example.com/lockcam/transcoder:1.8")
NAME = "lockcam-transcoder"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost", timeout=30)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path: str):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        return resp.status, (json.loads(raw) if raw.strip() else None)


def container_spec(lock_id: str, days: int) -> dict:
    return {
        "Image": IMAGE,
        "Env": [f"LOCK_ID={lock_id}", f"KEEP_DAYS={days}"],
        "HostConfig": {
            "Binds": ["/srv/cctv/raw:/in:ro", "/srv/cctv/archive:/out"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": 1 << 30,
        },
        "Labels": {"site": lock_id, "role": "cctv"},
    }


def ensure_image(engine: Engine):
    status, _ = engine.call("GET", f"/images/{IMAGE}/json")
    if status != 200:
        raise SystemExit(f"image {IMAGE} not present locally; load it from the release USB first")
    log.info("image %s present", IMAGE)


def recreate(engine: Engine, lock_id: str, days: int):
    engine.call("DELETE", f"/containers/{NAME}?force=true")
    status, body = engine.call("POST", f"/containers/create?name={NAME}", container_spec(lock_id, days))
    if status >= 300:
        raise SystemExit(f"create failed: {status} {body}")
    cid = body["Id"]
    status, _ = engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s (%s) status=%s", NAME, cid[:12], status)


def show(engine: Engine, *_):
    status, body = engine.call("GET", f"/containers/{NAME}/json")
    if status == 200:
        print(body["State"]["Status"], body["Config"]["Image"])
    else:
        print("not running")


COMMANDS = {
    "up": lambda e, a: (ensure_image(e), recreate(e, a.lock, a.keep_days)),
    "status": show,
    "down": lambda e, a: e.call("DELETE", f"/containers/{NAME}?force=true"),
}


def main():
    ap = argparse.ArgumentParser(description="lock CCTV transcoder control")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--lock", default=os.environ.get("LOCK_ID", "LOWER-BRIDGE-4"))
    ap.add_argument("--keep-days", type=int, default=31)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    COMMANDS[args.command](Engine(ENGINE_SOCK), args)


if __name__ == "__main__":
    main()
