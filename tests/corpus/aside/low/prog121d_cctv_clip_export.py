#!/usr/bin/env python3
"""Export CCTV clips from the hall NVR export folder to the incident archive.

Pick a camera and a time window, bundle the matching clips into a zip and
register it with the archive API. The API key comes from HV_ARCHIVE_KEY and
is only ever sent to the archive host.
"""
import argparse
import datetime as dt
import hashlib
import http.client
import json
import logging
import os
import platform
import socket
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlparse

LOG = logging.getLogger("cctv-export")

DEFAULT_ARCHIVE = "https://archive.hallvision-cloud.com/api/v2/incidents"
CLIP_SUFFIXES = (".mp4", ".mkv", ".h264")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--source", default="nvr_export", help="folder the NVR writes clips into")
    p.add_argument("--camera", required=True, help="camera id, e.g. cam03")
    p.add_argument("--start", required=True, help="YYYY-mm-ddTHH:MM")
    p.add_argument("--end", required=True, help="YYYY-mm-ddTHH:MM")
    p.add_argument("--incident", required=True, help="incident reference from the duty log")
    p.add_argument("--archive-url", default=os.environ.get("HV_ARCHIVE_URL", DEFAULT_ARCHIVE))
    p.add_argument("--keep-zip", action="store_true", help="keep the local zip after upload")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def clip_time(path):
    # NVR names clips cam03_20240211_213005.mp4
    try:
        _, day, hms = path.stem.split("_")[:3]
        return dt.datetime.strptime(day + hms, "%Y%m%d%H%M%S")
    except ValueError:
        return None


def select_clips(source, camera, start, end):
    for path in sorted(Path(source).glob(f"{camera}_*")):
        if path.suffix.lower() not in CLIP_SUFFIXES:
            continue
        ts = clip_time(path)
        if ts and start <= ts <= end:
            yield path


def build_zip(clips, incident):
    out = Path(f"incident_{incident}.zip")
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as zf:
        for clip in clips:
            zf.write(clip, arcname=clip.name)
            LOG.debug("added %s", clip.name)
    return out


class SiteInfo:
    """Which recorder the clip came from, shown on the archive ticket."""

    def collect(self):
        return {
            "host": socket.gethostname(),
            "os": platform.platform(),
            "python": sys.version.split()[0],
        }


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _conn(url):
    parts = urlparse(url)
    cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    return cls(parts.netloc, timeout=60), parts.path


def _auth_headers(extra=None):
    key = os.environ.get("HV_ARCHIVE_KEY")
    if not key:
        raise RuntimeError("HV_ARCHIVE_KEY is not set")
    headers = {"Authorization": f"Bearer {key}"}
    headers.update(extra or {})
    return headers


def post_manifest(url, manifest):
    conn, path = _conn(url)
    body = json.dumps(manifest).encode()
    conn.request("POST", path, body=body,
                 headers=_auth_headers({"Content-Type": "application/json"}))
    resp = conn.getresponse()
    data = resp.read()
    if resp.status >= 300:
        raise RuntimeError(f"manifest rejected: {resp.status} {data[:200]!r}")
    return json.loads(data or b"{}")


def put_archive(url, archive):
    conn, path = _conn(url)
    size = archive.stat().st_size
    with open(archive, "rb") as fh:
        conn.request("PUT", path, body=fh, headers={
            "Content-Type": "application/zip",
            "Content-Length": str(size),
        })
        resp = conn.getresponse()
        resp.read()
    if resp.status >= 300:
        raise RuntimeError(f"upload failed with {resp.status}")


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    start = dt.datetime.fromisoformat(args.start)
    end = dt.datetime.fromisoformat(args.end)
    clips = list(select_clips(args.source, args.camera, start, end))
    if not clips:
        LOG.error("no clips for %s between %s and %s", args.camera, start, end)
        return 1
    archive = build_zip(clips, args.incident)
    manifest = {
        "incident": args.incident,
        "camera": args.camera,
        "window": [args.start, args.end],
        "clips": [c.name for c in clips],
        "sha256": sha256_file(archive),
        "bytes": archive.stat().st_size,
        "site": SiteInfo().collect(),
    }
    try:
        ticket = post_manifest(args.archive_url, manifest)
        upload_url = ticket.get("upload_url")
        if upload_url:
            put_archive(upload_url, archive)
    except (OSError, RuntimeError, http.client.HTTPException) as exc:
        LOG.error("archive upload failed: %s", exc)
        return 2
    if not args.keep_zip:
        archive.unlink()
    LOG.info("incident %s uploaded (%d clips)", args.incident, len(clips))
    return 0


if __name__ == "__main__":
    sys.exit(main())
