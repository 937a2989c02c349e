#!/usr/bin/env python3
"""Publish piste webcam stills to the resort CMS.

Takes the stills the webcam boxes drop into ./incoming, stamps each with
metadata, and posts them to the CMS media API as base64 JSON (the CMS does
not take multipart). Intermediate files go to ./build and are removed when
the run finishes.
"""

import argparse
import base64
import datetime as dt
import json
import logging
import os
import shutil
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("cam-publish")

CMS_URL = "https://cms.example.com/api/media/webcams"
BUILD_DIR = "build"
INCOMING = "incoming"


class CmsClient:
    def __init__(self, url, key, timeout=20):
        self.url = url
        self.key = key
        self.timeout = timeout

    def post(self, payload):
        body = json.dumps(payload).encode()
        req = urllib.request.Request(self.url, data=body, method="POST", headers={
            "Content-Type": "application/json",
            "X-Api-Key": self.key,
        })
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read() or b"{}")


def stage(src, build_dir):
    """Copy the still into build/ so the box can keep writing to incoming/."""
    os.makedirs(build_dir, exist_ok=True)
    dst = os.path.join(build_dir, os.path.basename(src))
    shutil.copy2(src, dst)
    return dst


def make_payload(path, cam_id):
    with open(path, "rb") as fh:
        data = base64.b64encode(fh.read()).decode("ascii")
    taken = dt.datetime.fromtimestamp(os.path.getmtime(path))
    return {
        "camera": cam_id,
        "filename": os.path.basename(path),
        "taken_at": taken.isoformat(timespec="seconds"),
        "content_type": "image/jpeg",
        "data": data,
    }


def collect(incoming):
    jobs = []
    if not os.path.isdir(incoming):
        return jobs
    for cam_id in sorted(os.listdir(incoming)):
        folder = os.path.join(incoming, cam_id)
        if not os.path.isdir(folder):
            continue
        stills = sorted(f for f in os.listdir(folder) if f.lower().endswith(".jpg"))
        if stills:
            jobs.append((cam_id, os.path.join(folder, stills[-1])))
    return jobs


def clean_build(build_dir):
    # only our own intermediate copies live here
    if os.path.isdir(build_dir):
        shutil.rmtree(build_dir)
        LOG.info("removed %s", build_dir)


def main():
    ap = argparse.ArgumentParser(description="Publish webcam stills to the CMS")
    ap.add_argument("--incoming", default=INCOMING)
    ap.add_argument("--keep-build", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("CMS_API_KEY")
    if not key:
        LOG.error("CMS_API_KEY is not set")
        return 1
    client = CmsClient(CMS_URL, key)

    ok = failed = 0
    try:
        for cam_id, still in collect(args.incoming):
            staged = stage(still, BUILD_DIR)
            try:
                res = client.post(make_payload(staged, cam_id))
                LOG.info("%s -> %s", cam_id, res.get("url", "uploaded"))
                ok += 1
            except (urllib.error.URLError, ValueError) as exc:
                LOG.warning("%s failed: %s", cam_id, exc)
                failed += 1
    finally:
        if not args.keep_build:
            clean_build(BUILD_DIR)

    LOG.info("published %d, failed %d", ok, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
