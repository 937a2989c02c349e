#!/usr/bin/env python3
"""Render Open Graph / social share cards with headless Chrome workers.

Each campaign landing page gets a 1200x630 screenshot used as og:image and
twitter:image. Rendering runs in throwaway browserless/chrome containers so
the marketing laptop does not need Chrome installed; the script talks to the
local Docker engine directly to avoid pulling in docker-py.

    og_card_renderer.py cards.json --out ./cards --workers 4
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

log = logging.getLogger("ogcards")

ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "ghcr.io/browserless/chrome:latest"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self._path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = EngineConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            conn.request(method, "/v1.43" + path, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data and data[:1] in b"{[" else data
        finally:
            conn.close()

    def ensure_image(self, image):
        try:
            self.call("GET", f"/images/{image}/json")
        except RuntimeError:
            name, _, tag = image.rpartition(":")
            log.info("pulling %s", image)
            self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_once(self, image, cmd, outdir, label):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Labels": {"ogcards.job": label},
            "HostConfig": {
                "Privileged": True,
                "ShmSize": 1 << 30,
                "Binds": [f"{os.path.abspath(outdir)}:/out"],
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait", expect=(200,))
            if status.get("StatusCode"):
                logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=20")
                raise RuntimeError(f"render failed for {label}: {logs[-400:]!r}")
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def render_card(engine, card, outdir, width, height):
    fname = f"{card['slug']}.png"
    cmd = [
        "chromium", "--headless=new", "--disable-gpu", "--hide-scrollbars",
        f"--window-size={width},{height}", f"--screenshot=/out/{fname}", card["url"],
    ]
    start = time.monotonic()
    engine.run_once(IMAGE, cmd, outdir, card["slug"])
    return fname, time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description="render social share cards")
    ap.add_argument("cards", help="JSON list of {slug, url}")
    ap.add_argument("--out", default="cards")
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--size", default="1200x630")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    width, height = (int(x) for x in args.size.lower().split("x"))
    os.makedirs(args.out, exist_ok=True)
    with open(args.cards, encoding="utf-8") as fh:
        cards = json.load(fh)

    engine = Engine(ENGINE_SOCK)
    engine.ensure_image(IMAGE)

    failures = 0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        futs = {pool.submit(render_card, engine, c, args.out, width, height): c for c in cards}
        for fut in as_completed(futs):
            card = futs[fut]
            try:
                fname, secs = fut.result()
                log.info("%s -> %s (%.1fs)", card["slug"], fname, secs)
            except Exception as exc:
                failures += 1
                log.error("%s: %s", card["slug"], exc)
    log.info("%d cards rendered, %d failed", len(cards) - failures, failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
