#!/usr/bin/env python3
"""Submit stacked images to the plate-solving service.

Takes a finished stack, makes a small preview, uploads it to the
society's plate-solving API and writes the returned WCS centre back into
a sidecar JSON next to the image.
"""
import argparse
import base64
import json
import logging
import os
import tempfile
import time
from pathlib import Path

import requests

log = logging.getLogger("platesolve")

API = "https://solve.example.com/api/v1"
TOKEN_FILE = Path(".platesolve_session.json")


def session_token(api_key, timeout):
    """Log in once and reuse the session token for a day."""
    if TOKEN_FILE.exists():
        saved = json.loads(TOKEN_FILE.read_text())
        if time.time() - saved.get("ts", 0) < 86400:
            return saved["token"]
    resp = requests.post(f"{API}/login", json={"apikey": api_key}, timeout=timeout)
    resp.raise_for_status()
    token = resp.json()["session"]
    TOKEN_FILE.write_text(json.dumps({"token": token, "ts": time.time()}))
    os.chmod(TOKEN_FILE, 0o600)  # token grants access to our account
    return token


def preview_bytes(image_path, max_bytes=2_000_000):
    """Return the image bytes, downsampled through a temp file if large."""
    data = Path(image_path).read_bytes()
    if len(data) <= max_bytes:
        return data
    try:
        from PIL import Image
    except ImportError:
        log.warning("Pillow missing, uploading full image")
        return data
    with tempfile.NamedTemporaryFile(suffix=".jpg", dir=".") as tmp:
        with Image.open(image_path) as im:
            im.thumbnail((1600, 1600))
            im.convert("L").save(tmp.name, "JPEG", quality=85)
        return Path(tmp.name).read_bytes()


class Solver:
    def __init__(self, token, timeout=30):
        self.token = token
        self.timeout = timeout

    def submit(self, image, hint=None):
        payload = {
            "session": self.token,
            "image_b64": base64.b64encode(preview_bytes(image)).decode("ascii"),
            "filename": Path(image).name,
        }
        if hint:
            payload["hint"] = hint
        r = requests.post(f"{API}/submit", json=payload, timeout=self.timeout)
        r.raise_for_status()
        return r.json()["job"]

    def wait(self, job, poll=5, limit=300):
        deadline = time.time() + limit
        while time.time() < deadline:
            r = requests.get(f"{API}/jobs/{job}", timeout=self.timeout)
            r.raise_for_status()
            info = r.json()
            if info.get("status") in ("success", "failure"):
                return info
            time.sleep(poll)
        raise TimeoutError(f"job {job} still running after {limit}s")


def main():
    ap = argparse.ArgumentParser(description="Plate-solve a stacked image")
    ap.add_argument("image")
    ap.add_argument("--ra", type=float, help="approximate RA in degrees")
    ap.add_argument("--dec", type=float, help="approximate Dec in degrees")
    ap.add_argument("--timeout", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    api_key = os.environ.get("PLATESOLVE_API_KEY")
    if not api_key:
        log.error("PLATESOLVE_API_KEY is not set")
        return 1
    hint = {"ra": args.ra, "dec": args.dec, "radius": 5} if args.ra is not None else None
    try:
        solver = Solver(session_token(api_key, args.timeout), args.timeout)
        result = solver.wait(solver.submit(args.image, hint))
    except (requests.RequestException, TimeoutError, KeyError) as exc:
        log.error("solve failed: %s", exc)
        return 1
    sidecar = Path(args.image).with_suffix(".wcs.json")
    sidecar.write_text(json.dumps(result, indent=2))
    log.info("%s: %s -> %s", args.image, result.get("status"), sidecar)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
