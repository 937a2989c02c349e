#!/usr/bin/env python3
"""Render JavaScript-heavy auction listing pages to static HTML.

Some online classic car auctions only build the lot page in the browser, so
the normal scraper sees an empty shell. This starts a throwaway headless
Chrome container (browserless), feeds it the lot URLs from urls.txt, saves
the rendered HTML under ./rendered/ and tears the container down again.

No docker SDK needed: talks to the engine API directly.
"""
import argparse
import hashlib
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("renderpool")

ENGINE_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
IMAGE = "ghcr.io/browserless/chromium:latest"
LOCAL_PORT = 3300


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str = ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/v1.43{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in ok:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data and data.lstrip()[:1] in (b"{", b"[") else data
        finally:
            conn.close()

    def pull(self, image: str):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_browser(self, image: str, port: int) -> str:
        spec = {
            "Image": image,
            "Env": ["CONCURRENT=4", "TIMEOUT=45000"],
            "ExposedPorts": {"3000/tcp": {}},
            "HostConfig": {
                "AutoRemove": True,
                "ShmSize": 512 * 1024 * 1024,
                "PortBindings": {"3000/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            },
            "Labels": {"app": "renderpool"},
        }
        cid = self.call("POST", "/containers/create?name=renderpool", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        log.info("browser container %s started", cid[:12])
        return cid

    def stop(self, cid: str):
        try:
            self.call("POST", f"/containers/{cid}/stop?t=5", ok=(204, 304, 404))
        except (OSError, RuntimeError) as exc:
            log.warning("could not stop %s: %s", cid[:12], exc)


def wait_ready(port: int, timeout: float = 60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/json/version", timeout=3).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(1)
    raise RuntimeError("browser container did not come up")


def render(port: int, url: str) -> str:
    r = requests.post(f"http://127.0.0.1:{port}/content",
                      json={"url": url, "gotoOptions": {"waitUntil": "networkidle2"}},
                      timeout=90)
    r.raise_for_status()
    return r.text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="render auction lot pages via headless chrome")
    ap.add_argument("--urls", type=Path, default=Path("urls.txt"))
    ap.add_argument("--out", type=Path, default=Path("rendered"))
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--port", type=int, default=LOCAL_PORT)
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    urls = [u.strip() for u in args.urls.read_text().splitlines() if u.strip() and not u.startswith("#")]
    args.out.mkdir(exist_ok=True)
    engine = Engine()
    if not args.no_pull:
        engine.pull(args.image)
    cid = engine.run_browser(args.image, args.port)
    done = 0
    try:
        wait_ready(args.port)
        for url in urls:
            name = hashlib.sha1(url.encode()).hexdigest()[:16] + ".html"
            try:
                (args.out / name).write_text(render(args.port, url), encoding="utf-8")
                done += 1
                log.info("rendered %s -> %s", url, name)
            except requests.RequestException as exc:
                log.warning("render failed for %s: %s", url, exc)
    finally:
        engine.stop(cid)
    log.info("%d/%d pages rendered", done, len(urls))
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main())
