#!/usr/bin/env python3
"""Spin up a local preview of the shop's storefront theme.

Starts (or restarts) a WooCommerce preview container with the theme folder
mounted, so product photos and new candle/soap listings can be checked
before they go live. Talks to the Docker Engine API directly so it works on
the shop laptop without the docker CLI or docker-py installed.

    run_storefront_preview.py up --theme ./theme --port 8088
    run_storefront_preview.py down
    run_storefront_preview.py logs
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
from urllib.parse import quote

log = logging.getLogger("preview")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = "wordpress:6.5-php8.2-apache"
NAME = "wl-storefront-preview"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Host": "docker"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        conn.request(method, API + path, body=data, headers=headers)
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {payload[:200]!r}")
        if raw:
            return payload
        return json.loads(payload) if payload else None

    def pull(self, image):
        repo, tag = image.split(":", 1)
        self.call("POST", f"/images/create?fromImage={quote(repo)}&tag={quote(tag)}", raw=True)

    def find(self, name):
        flt = quote(json.dumps({"name": [name]}))
        found = self.call("GET", f"/containers/json?all=1&filters={flt}")
        return found[0] if found else None

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def container_spec(theme_dir, port):
    return {
        "Image": IMAGE,
        "Env": ["WORDPRESS_DEBUG=0", "WORDPRESS_DB_HOST=127.0.0.1"],
        "ExposedPorts": {"80/tcp": {}},
        "Labels": {"com.wickandlye.role": "preview"},
        "HostConfig": {
            "Binds": [f"{theme_dir}:/var/www/html/wp-content/themes/wick-and-lye:ro"],
            "PortBindings": {"80/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "no"},
        },
    }


def up(engine, theme, port):
    theme_dir = str(Path(theme).resolve())
    if not Path(theme_dir, "style.css").exists():
        raise SystemExit(f"{theme_dir} doesn't look like a WordPress theme (no style.css)")
    existing = engine.find(NAME)
    if existing:
        log.info("replacing existing preview %s", existing["Id"][:12])
        engine.remove(existing["Id"])
    log.info("pulling %s (first run can take a minute)", IMAGE)
    engine.pull(IMAGE)
    created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(theme_dir, port))
    engine.call("POST", f"/containers/{created['Id']}/start")
    for _ in range(30):
        info = engine.call("GET", f"/containers/{created['Id']}/json")
        if info["State"]["Running"]:
            break
        time.sleep(1)
    log.info("preview running at http://127.0.0.1:%d/", port)


def down(engine):
    existing = engine.find(NAME)
    if not existing:
        log.info("no preview running")
        return
    engine.remove(existing["Id"])
    log.info("preview removed")


def logs(engine, tail):
    existing = engine.find(NAME)
    if not existing:
        log.info("no preview running")
        return
    raw = engine.call("GET", f"/containers/{existing['Id']}/logs?stdout=1&stderr=1&tail={tail}", raw=True)
    # strip the 8-byte multiplex headers
    i, out = 0, []
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    sys.stdout.write(b"".join(out).decode(errors="replace"))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Local storefront theme preview")
    sub = ap.add_subparsers(dest="cmd", required=True)
    u = sub.add_parser("up")
    u.add_argument("--theme", default="theme")
    u.add_argument("--port", type=int, default=8088)
    sub.add_parser("down")
    lg = sub.add_parser("logs")
    lg.add_argument("--tail", type=int, default=100)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    engine = Engine()
    try:
        if args.cmd == "up":
            up(engine, args.theme, args.port)
        elif args.cmd == "down":
            down(engine)
        else:
            logs(engine, args.tail)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
