#!/usr/bin/env python3
"""Package handover attachments for upload to the transport record API.

Scanned consent sheets, box seal photos and logger printouts are bundled
into a single JSON document (attachments base64-encoded) and uploaded to
the record API. A small cache avoids re-uploading unchanged bundles.
"""
import argparse
import base64
import hashlib
import json
import logging
import mimetypes
import os
import sys
import tempfile
import urllib.request

LOG = logging.getLogger("handover.pack")

RECORD_API = os.environ.get("RECORD_API", "https://records.example.com/api/attachments")
CACHE_FILE = ".upload-cache.json"
MAX_BYTES = 20 * 1024 * 1024


def os_label():
    """Used in the User-Agent so the API team can spot old tablets."""
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return "unknown"


def encode_attachment(path):
    with open(path, "rb") as fh:
        raw = fh.read()
    mime = mimetypes.guess_type(path)[0] or "application/octet-stream"
    return {"name": os.path.basename(path), "mime": mime, "size": len(raw),
            "data": base64.b64encode(raw).decode("ascii")}


def bundle_key(paths):
    # cache key only; not used for anything security related
    h = hashlib.md5()
    for p in sorted(paths):
        h.update(p.encode())
        h.update(str(os.path.getmtime(p)).encode())
    return h.hexdigest()


class UploadCache:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                self.data = json.load(fh)

    def seen(self, key):
        return key in self.data

    def record(self, key, ref):
        self.data[key] = ref
        # write atomically in the same directory, then restrict to owner
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(self.path)),
                                   prefix=".cache-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(self.data, fh, indent=1)
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.path)


def upload(bundle, api_key):
    body = json.dumps(bundle).encode()
    req = urllib.request.Request(RECORD_API, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "X-Api-Key": api_key,
        "User-Agent": "handover-pack/1.3 (%s)" % os_label()})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.loads(resp.read())


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("transport_ref")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    api_key = os.environ.get("RECORD_API_KEY")
    if not api_key:
        LOG.error("RECORD_API_KEY not set")
        return 1
    files = [f for f in args.files if os.path.isfile(f)]
    too_big = [f for f in files if os.path.getsize(f) > MAX_BYTES]
    if too_big:
        LOG.error("attachments too large: %s", ", ".join(too_big))
        return 1

    cache = UploadCache(CACHE_FILE)
    key = bundle_key(files)
    if cache.seen(key) and not args.force:
        LOG.info("bundle unchanged, already uploaded as %s", cache.data[key])
        return 0

    bundle = {"transport": args.transport_ref,
              "attachments": [encode_attachment(f) for f in files]}
    try:
        result = upload(bundle, api_key)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    cache.record(key, result.get("id", "?"))
    LOG.info("uploaded %d attachments as %s", len(files), result.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
