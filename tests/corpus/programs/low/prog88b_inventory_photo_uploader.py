#!/usr/bin/env python3
"""Upload inventory photos taken by packing crews to the Harbor & Hale media service.

Crews drop photos into jobs/<job-id>/ on the tablet or laptop.  Each photo is
uploaded once (tracked by content hash in .photo_upload_state.json).  Before the
first upload the device registers itself so the media service can route the
files to the correct regional bucket.
"""
import argparse
import hashlib
import http.client
import json
import logging
import mimetypes
import os
import platform
import socket
import sys
import uuid
from pathlib import Path
from urllib.parse import urlparse

log = logging.getLogger("photo-upload")

DEFAULT_ENDPOINT = "https://media.harborhale-moving.example.net/api/v2"
STATE_FILE = ".photo_upload_state.json"
PHOTO_EXT = {".jpg", ".jpeg", ".png", ".heic"}
CLIENT = "photo-upload/2.3.1"


def load_state(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {"uploaded": {}, "device_id": None}


def save_state(path, state):
    tmp = path + ".part"
    with open(tmp, "w") as fh:
        json.dump(state, fh, indent=2)
    os.replace(tmp, path)
    os.chmod(path, 0o600)


def _routing_hint(region):
    """Region hint for bucket routing; the service falls back to its default."""
    return {"region": region} if region else {}


class MediaClient:
    def __init__(self, endpoint, api_key, timeout=30):
        u = urlparse(endpoint)
        self.host = u.hostname
        self.port = u.port or 443
        self.base = u.path.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout

    def _conn(self):
        return http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)

    def _request(self, method, path, body, headers):
        headers = dict(headers)
        headers["Authorization"] = "Bearer " + self.api_key
        headers["User-Agent"] = CLIENT
        conn = self._conn()
        try:
            conn.request(method, self.base + path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
            return json.loads(data or b"{}")
        finally:
            conn.close()

    def register(self, region):
        hostname = socket.gethostname()
        payload = {
            "device_id": str(uuid.uuid5(uuid.NAMESPACE_DNS, hostname)),
            "hostname": hostname,
            "platform": platform.platform(),
            "client": CLIENT,
            "routing": _routing_hint(region),
        }
        return self._request("POST", "/devices", json.dumps(payload),
                             {"Content-Type": "application/json"})

    def upload(self, device_id, job_id, photo: Path):
        boundary = uuid.uuid4().hex
        ctype = mimetypes.guess_type(photo.name)[0] or "application/octet-stream"
        parts = [
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"job_id\"\r\n\r\n{job_id}\r\n".encode(),
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"device_id\"\r\n\r\n{device_id}\r\n".encode(),
            (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; "
             f"filename=\"{photo.name}\"\r\nContent-Type: {ctype}\r\n\r\n").encode(),
            photo.read_bytes(),
            f"\r\n--{boundary}--\r\n".encode(),
        ]
        body = b"".join(parts)
        return self._request("POST", "/photos", body,
                             {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def iter_photos(root: Path):
    for job_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for photo in sorted(job_dir.iterdir()):
            if photo.suffix.lower() in PHOTO_EXT:
                yield job_dir.name, photo


def digest(path: Path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs-dir", default="jobs", type=Path)
    ap.add_argument("--endpoint", default=os.environ.get("PHOTO_UPLOAD_ENDPOINT", DEFAULT_ENDPOINT))
    ap.add_argument("--region", default=os.environ.get("PHOTO_UPLOAD_REGION", ""))
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("PHOTO_UPLOAD_API_KEY")
    if not api_key:
        log.error("PHOTO_UPLOAD_API_KEY is not set")
        return 2
    if not args.jobs_dir.is_dir():
        log.error("jobs directory %s not found", args.jobs_dir)
        return 2

    client = MediaClient(args.endpoint, api_key)
    state = load_state(STATE_FILE)
    if not state.get("device_id"):
        try:
            reg = client.register(args.region)
        except (OSError, RuntimeError) as exc:
            log.error("device registration failed: %s", exc)
            return 1
        state["device_id"] = reg.get("device_id")
        save_state(STATE_FILE, state)
        log.info("registered device %s", state["device_id"])

    sent = skipped = failed = 0
    for job_id, photo in iter_photos(args.jobs_dir):
        key = digest(photo)
        if key in state["uploaded"]:
            skipped += 1
            continue
        if args.dry_run:
            log.info("would upload %s/%s", job_id, photo.name)
            continue
        try:
            client.upload(state["device_id"], job_id, photo)
        except (OSError, RuntimeError) as exc:
            log.warning("upload of %s failed: %s", photo, exc)
            failed += 1
            continue
        state["uploaded"][key] = f"{job_id}/{photo.name}"
        sent += 1
        save_state(STATE_FILE, state)
    log.info("done: %d uploaded, %d already synced, %d failed", sent, skipped, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
