#!/usr/bin/env python3
"""Start a throwaway mitmproxy container that records tracking-pixel hits.

    ./pixel_capture_proxy.py up   --port 8080 --out captures/
    ./pixel_capture_proxy.py logs
    ./pixel_capture_proxy.py down

Point a browser (or the Playwright tag tests) at the proxy, click through the
funnel, then read captures/pixels.jsonl to see which events fired with which
parameters. Talks to the local Docker engine API directly so the script has no
dependency on the docker CLI or docker-py on the QA laptops.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
from pathlib import Path

log = logging.getLogger("pixel_proxy")

IMAGE = os.environ.get("PIXEL_PROXY_IMAGE", "mitmproxy/mitmproxy:10.2.4")
NAME = "pixel-capture"
API = "/v1.43"
SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
ADDON = Path(__file__).with_name("pixel_addon.py")


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
    def __init__(self, sock_path=SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return resp.status, data
        return resp.status, (json.loads(data) if data and data[:1] in b"[{" else None)

    def pull(self, image):
        repo, _, tag = image.partition(":")
        status, _ = self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}", raw=True)
        log.info("pulled %s (%s)", image, status)

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status != 404


def container_spec(port, out_dir):
    return {
        "Image": IMAGE,
        "Cmd": ["mitmdump", "--listen-port", "8080", "-s", "/addon/pixel_addon.py",
                "--set", "pixel_out=/captures/pixels.jsonl"],
        "ExposedPorts": {"8080/tcp": {}},
        "Labels": {"com.example.purpose": "pixel-qa"},
        "HostConfig": {
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "Binds": [f"{ADDON.parent.resolve()}:/addon:ro", f"{out_dir.resolve()}:/captures"],
            "AutoRemove": False,
        },
    }


def up(engine, args):
    args.out.mkdir(parents=True, exist_ok=True)
    if not ADDON.is_file():
        log.error("missing %s next to this script", ADDON.name)
        return 1
    engine.remove(NAME)
    engine.pull(IMAGE)
    status, created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(args.port, args.out))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("proxy listening on 127.0.0.1:%d, captures -> %s", args.port, args.out)
    log.info("install the mitmproxy CA from http://mitm.it in the test browser profile")
    return 0


def logs(engine, args):
    _, data = engine.call("GET", f"/containers/{NAME}/logs?stdout=1&stderr=1&tail={args.tail}", raw=True)
    # strip the 8-byte multiplex headers
    i, out = 0, []
    while i + 8 <= len(data):
        size = int.from_bytes(data[i + 4:i + 8], "big")
        out.append(data[i + 8:i + 8 + size].decode(errors="replace"))
        i += 8 + size
    sys.stdout.write("".join(out))
    return 0


def down(engine, args):
    removed = engine.remove(NAME)
    log.info("proxy %s", "removed" if removed else "was not running")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Tracking-pixel capture proxy")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_up = sub.add_parser("up")
    p_up.add_argument("--port", type=int, default=8080)
    p_up.add_argument("--out", type=Path, default=Path("captures"))
    p_logs = sub.add_parser("logs")
    p_logs.add_argument("--tail", default="100")
    sub.add_parser("down")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.exists(SOCK):
        log.error("docker engine socket not found at %s", SOCK)
        return 2
    engine = Engine()
    try:
        return {"up": up, "logs": logs, "down": down}[args.cmd](engine, args)
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
