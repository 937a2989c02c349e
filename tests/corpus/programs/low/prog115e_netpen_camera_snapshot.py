#!/usr/bin/env python3
"""Archive periodic snapshots from the net-pen underwater cameras.

Cameras are listed in cameras.ini, one section per camera:

    [pen04-north]
    url = http://10.20.4.11/cgi-bin/snapshot.cgi
    pen = 04
    user_env = CAM_USER
    pass_env = CAM_PASS

Frames are stored under ./archive/<pen>/<YYYY-MM-DD>/<camera>_<HHMMSS>.jpg.
Identical consecutive frames (camera frozen, lens covered) are skipped.
"""
import argparse
import configparser
import hashlib
import logging
import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import requests

LOG = logging.getLogger("netpen-snap")
ARCHIVE = Path("archive")


class Camera:
    def __init__(self, name, section):
        self.name = name
        self.url = section["url"]
        self.pen = section.get("pen", "00")
        user = os.environ.get(section.get("user_env", "CAM_USER"), "")
        pwd = os.environ.get(section.get("pass_env", "CAM_PASS"), "")
        self.auth = (user, pwd) if user else None
        self.last_digest = None

    def grab(self, session, timeout):
        resp = session.get(self.url, auth=self.auth, timeout=timeout)
        resp.raise_for_status()
        if not resp.headers.get("Content-Type", "").startswith("image/"):
            raise ValueError(f"{self.name}: unexpected content type {resp.headers.get('Content-Type')}")
        return resp.content


def load_cameras(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    return [Camera(name, cfg[name]) for name in cfg.sections() if "url" in cfg[name]]


def store_frame(cam, frame):
    digest = hashlib.md5(frame).hexdigest()
    if digest == cam.last_digest:
        LOG.debug("%s: frame unchanged, skipping", cam.name)
        return None
    cam.last_digest = digest
    now = datetime.now()
    folder = ARCHIVE / cam.pen / now.strftime("%Y-%m-%d")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{cam.name}_{now.strftime('%H%M%S')}.jpg"
    target.write_bytes(frame)
    return target


def prune(days):
    cutoff = datetime.now() - timedelta(days=days)
    removed = 0
    for day_dir in ARCHIVE.glob("*/*"):
        try:
            day = datetime.strptime(day_dir.name, "%Y-%m-%d")
        except ValueError:
            continue
        if day < cutoff:
            for f in day_dir.glob("*.jpg"):
                f.unlink()
                removed += 1
            day_dir.rmdir()
    if removed:
        LOG.info("pruned %d frames older than %d days", removed, days)


def cycle(cameras, session, timeout, retries):
    for cam in cameras:
        for attempt in range(1, retries + 1):
            try:
                path = store_frame(cam, cam.grab(session, timeout))
                if path:
                    LOG.info("%s -> %s", cam.name, path)
                break
            except (requests.RequestException, ValueError) as exc:
                LOG.warning("%s attempt %d: %s", cam.name, attempt, exc)
                time.sleep(attempt)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-c", "--config", default="cameras.ini")
    ap.add_argument("-i", "--interval", type=int, default=300, help="seconds between rounds")
    ap.add_argument("--keep-days", type=int, default=30)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        cameras = load_cameras(args.config)
    except FileNotFoundError:
        LOG.error("camera config %s not found", args.config)
        return 2
    if not cameras:
        LOG.error("no cameras configured")
        return 2
    LOG.info("archiving %d cameras every %ds", len(cameras), args.interval)

    with requests.Session() as session:
        session.headers["User-Agent"] = "netpen-snap/1.4"
        while True:
            cycle(cameras, session, args.timeout, args.retries)
            prune(args.keep_days)
            if args.once:
                return 0
            time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
