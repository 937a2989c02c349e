#!/usr/bin/env python3
"""Upload a visualisation scene and its textures to the cloud render farm.

Collects the scene file and referenced texture maps into ./staging, skips
assets the farm already has (keyed by content hash), uploads the rest as
JSON documents to the farm API, submits the job and records the ticket.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("render-upload")

FARM_API = os.environ.get("RENDER_FARM_API", "https://api.cloudrender.example/v3")
TEXTURE_EXT = {".png", ".jpg", ".jpeg", ".exr", ".hdr", ".tif", ".tiff"}
STAGING = Path("staging")
CACHE_DIR = Path(".render_cache")
TICKETS = Path(".render_jobs.json")


def cache_key(path):
    h = hashlib.md5()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def collect_assets(scene, texture_dir):
    yield scene
    if texture_dir and texture_dir.is_dir():
        for p in sorted(texture_dir.rglob("*")):
            if p.suffix.lower() in TEXTURE_EXT:
                yield p


class FarmClient:
    def __init__(self, base, api_key, timeout=60):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self.headers = {"Authorization": f"Bearer {api_key}",
                        "Content-Type": "application/json",
                        "Accept": "application/json"}

    def _request(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        req = urllib.request.Request(self.base + path, data=data,
                                     headers=self.headers, method=method)
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")

    def has_asset(self, key):
        try:
            self._request("GET", f"/assets/{key}")
            return True
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return False
            raise

    def put_asset(self, key, path):
        blob = base64.b64encode(path.read_bytes()).decode("ascii")
        return self._request("POST", "/assets",
                             {"key": key, "name": path.name, "data": blob})

    def submit(self, job):
        return self._request("POST", "/jobs", job)


def stage(assets):
    STAGING.mkdir(exist_ok=True)
    staged = []
    for src in assets:
        dst = STAGING / src.name
        shutil.copy2(src, dst)
        staged.append(dst)
    return staged


def save_ticket(ticket):
    tickets = json.loads(TICKETS.read_text()) if TICKETS.exists() else []
    tickets.append(ticket)
    TICKETS.write_text(json.dumps(tickets, indent=2))
    os.chmod(TICKETS, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("scene", type=Path)
    ap.add_argument("--textures", type=Path)
    ap.add_argument("--frames", default="1-1")
    ap.add_argument("--resolution", default="3840x2160")
    ap.add_argument("--keep-staging", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("RENDER_FARM_KEY")
    if not api_key:
        log.error("RENDER_FARM_KEY not set")
        return 2
    if not args.scene.is_file():
        log.error("scene %s not found", args.scene)
        return 1

    client = FarmClient(FARM_API, api_key)
    staged = stage(collect_assets(args.scene, args.textures))
    keys = {}
    try:
        for path in staged:
            key = cache_key(path)
            keys[path.name] = key
            if client.has_asset(key):
                log.info("farm already has %s", path.name)
                continue
            for attempt in range(3):
                try:
                    client.put_asset(key, path)
                    log.info("uploaded %s", path.name)
                    break
                except urllib.error.URLError as exc:
                    log.warning("upload %s failed (%s), retrying", path.name, exc)
                    time.sleep(3 * (attempt + 1))
            else:
                log.error("giving up on %s", path.name)
                return 1
        ticket = client.submit({"scene": keys[args.scene.name], "assets": keys,
                                "frames": args.frames, "resolution": args.resolution})
    except urllib.error.URLError as exc:
        log.error("farm API error: %s", exc)
        return 1
    finally:
        if not args.keep_staging:
            shutil.rmtree(STAGING, ignore_errors=True)
        shutil.rmtree(CACHE_DIR, ignore_errors=True)

    save_ticket(ticket)
    log.info("submitted job %s", ticket.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
