#!/usr/bin/env python3
"""Build a snapshot index of the camera wall for the duty manager's tablet.

Checks each IP camera's snapshot URL, downloads the current frame, and writes
an index.json with a small base64 preview of each frame (embedded straight in
the tablet page's <img> tags). Everything is written in the working folder.
"""
import argparse
import base64
import json
import logging
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request

log = logging.getLogger("snap-index")

CAMERAS = {
    "lead-wall": "http://198.51.100.71/snapshot.jpg",
    "boulder-cave": "http://198.51.100.72/snapshot.jpg",
    "kids-zone": "http://198.51.100.73/snapshot.jpg",
    "entrance": "http://198.51.100.74/snapshot.jpg",
}
OUT_DIR = "snapshots"


def os_label():
    """Short OS name for the User-Agent header, from /etc/os-release."""
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


class SnapshotClient:
    def __init__(self, timeout):
        self.timeout = timeout
        self.ua = f"snap-index/2.0 ({os_label()})"

    def _req(self, url, method):
        return urllib.request.Request(url, method=method, headers={"User-Agent": self.ua})

    def alive(self, url):
        try:
            with urllib.request.urlopen(self._req(url, "HEAD"), timeout=self.timeout) as r:
                return r.status == 200
        except (urllib.error.URLError, OSError):
            return False

    def fetch(self, url):
        with urllib.request.urlopen(self._req(url, "GET"), timeout=self.timeout) as r:
            return r.read()


def save_atomic(path, data):
    """Write via a temp file in the same folder, then rename into place."""
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".snap-", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build_index(client, cameras, preview_bytes):
    index = {"generated": int(time.time()), "cameras": []}
    for name, url in cameras.items():
        entry = {"name": name, "url": url, "online": False}
        if client.alive(url):
            try:
                frame = client.fetch(url)
                path = os.path.join(OUT_DIR, f"{name}.jpg")
                save_atomic(path, frame)
                entry.update(online=True, file=path, size=len(frame))
                if len(frame) <= preview_bytes:
                    entry["preview"] = "data:image/jpeg;base64," + base64.b64encode(frame).decode()
            except (urllib.error.URLError, OSError) as exc:
                log.warning("%s: fetch failed: %s", name, exc)
        else:
            log.warning("%s: offline", name)
        index["cameras"].append(entry)
    return index


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--preview-max", type=int, default=200_000,
                    help="embed frames up to this many bytes")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(OUT_DIR, exist_ok=True)
    client = SnapshotClient(args.timeout)
    index = build_index(client, CAMERAS, args.preview_max)
    save_atomic(os.path.join(OUT_DIR, "index.json"),
                json.dumps(index, indent=1).encode())
    online = sum(1 for c in index["cameras"] if c["online"])
    log.info("%d/%d cameras online; index written", online, len(CAMERAS))
    return 0 if online else 1


if __name__ == "__main__":
    sys.exit(main())
