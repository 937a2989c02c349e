#!/usr/bin/env python3
"""Fetch last night's telescope frame archives for the morning show.

The observatory camera PC publishes a tarball of calibrated frames every
night. The morning "Last night's sky" segment uses the best few frames, so
this script downloads the archive, unpacks it and picks the sharpest ones.
"""

import argparse
import datetime as dt
import json
import logging
import os
import shutil
import tarfile

import requests
import urllib3

LOG = logging.getLogger("frame-fetch")

ARCHIVE_URL = "https://observatory.example.org/nightly/{date}.tar.gz"
STAGING = "/tmp/planetarium_frames"
DOWNLOAD = "/tmp/planetarium_frames.tar.gz"

# the camera PC uses a self-signed certificate
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class FrameArchive:
    def __init__(self, night, session=None):
        self.night = night
        self.session = session or requests.Session()

    @property
    def url(self):
        return ARCHIVE_URL.format(date=self.night.strftime("%Y%m%d"))

    def download(self):
        LOG.info("downloading %s", self.url)
        with self.session.get(self.url, stream=True, timeout=60, verify=False) as resp:
            resp.raise_for_status()
            with open(DOWNLOAD, "wb") as fh:
                for chunk in resp.iter_content(1 << 20):
                    fh.write(chunk)
        return DOWNLOAD

    def unpack(self, path):
        if os.path.isdir(STAGING):
            shutil.rmtree(STAGING)
        os.makedirs(STAGING)
        with tarfile.open(path) as tar:
            tar.extractall(STAGING)
        return STAGING


def load_quality(folder):
    """Frames come with a quality.json giving FWHM per frame (lower is sharper)."""
    qpath = os.path.join(folder, "quality.json")
    try:
        with open(qpath) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        LOG.warning("no quality.json, falling back to file order")
        return {}


def pick_best(folder, count):
    quality = load_quality(folder)
    frames = [f for f in os.listdir(folder) if f.lower().endswith((".png", ".jpg", ".fits"))]
    frames.sort(key=lambda f: quality.get(f, {}).get("fwhm", 99.0))
    return frames[:count]


def publish(folder, frames, dest):
    os.makedirs(dest, exist_ok=True)
    for name in frames:
        shutil.copy2(os.path.join(folder, name), os.path.join(dest, name))
        LOG.info("published %s", name)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--night", help="YYYY-MM-DD, default last night")
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--dest", default="./morning_show_frames")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    night = (dt.date.fromisoformat(args.night) if args.night
             else dt.date.today() - dt.timedelta(days=1))
    archive = FrameArchive(night)
    try:
        path = archive.download()
    except requests.RequestException as exc:
        LOG.error("download failed: %s", exc)
        return 1
    try:
        folder = archive.unpack(path)
    except tarfile.TarError as exc:
        LOG.error("archive is damaged: %s", exc)
        return 1

    best = pick_best(folder, args.count)
    if not best:
        LOG.warning("no frames found for %s", night)
        return 1
    publish(folder, best, args.dest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
