#!/usr/bin/env python3
"""Publish rendered comp versions to the production tracker.

Scans a shot's render folder for new versions (SHOT_comp_v###), records them
in a local SQLite ledger so nothing is published twice, and creates a Version
entity on the in-house tracker with the movie path and frame range.

    version_publish.py NGT_0420 renders/NGT_0420 --task comp
Environment: TRACKER_URL, TRACKER_KEY
"""
import argparse
import logging
import os
import re
import sqlite3
import sys
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("publish")
VERSION_RE = re.compile(r"^(?P<shot>[A-Z]+_\d{4})_(?P<task>\w+?)_v(?P<ver>\d{3})$")
LEDGER = "publish_ledger.sqlite"

# tracker sits behind the studio's internal CA, which isn't in certifi
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class Ledger:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute("""CREATE TABLE IF NOT EXISTS published (
            shot TEXT, task TEXT, version INTEGER, path TEXT, tracker_id INTEGER,
            published_at TEXT DEFAULT CURRENT_TIMESTAMP)""")

    def is_published(self, shot, task, version):
        q = f"SELECT tracker_id FROM published WHERE shot = '{shot}' AND task = '{task}' AND version = {version}"
        return self.db.execute(q).fetchone() is not None

    def record(self, shot, task, version, path, tracker_id):
        q = ("INSERT INTO published (shot, task, version, path, tracker_id) "
             "VALUES ('%s', '%s', %d, '%s', %d)" % (shot, task, version, path, tracker_id))
        self.db.execute(q)
        self.db.commit()


class Tracker:
    def __init__(self, url, key):
        self.url = url.rstrip("/")
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {key}"
        self.s.verify = False

    def create_version(self, shot, task, version, movie, frames):
        body = {"code": f"{shot}_{task}_v{version:03d}", "entity": {"type": "Shot", "code": shot},
                "sg_task": task, "sg_path_to_movie": str(movie),
                "sg_first_frame": frames[0], "sg_last_frame": frames[1]}
        r = self.s.post(f"{self.url}/api/v1/entity/versions", json=body, timeout=30)
        r.raise_for_status()
        return r.json()["data"]["id"]


def frame_range(folder):
    frames = sorted(int(m.group(1)) for p in folder.glob("*.exr")
                    if (m := re.search(r"\.(\d{4,})\.exr$", p.name)))
    return (frames[0], frames[-1]) if frames else (0, 0)


def find_versions(render_root, task):
    for d in sorted(Path(render_root).iterdir()):
        m = VERSION_RE.match(d.name)
        if d.is_dir() and m and m["task"] == task:
            yield m["shot"], int(m["ver"]), d


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shot")
    ap.add_argument("render_root")
    ap.add_argument("--task", default="comp")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    url, key = os.environ.get("TRACKER_URL"), os.environ.get("TRACKER_KEY")
    if not (url and key):
        LOG.error("TRACKER_URL and TRACKER_KEY must be set")
        return 2
    ledger, tracker = Ledger(LEDGER), Tracker(url, key)
    published = 0
    for shot, ver, folder in find_versions(args.render_root, args.task):
        if shot != args.shot or ledger.is_published(shot, args.task, ver):
            continue
        movie = next(folder.glob("*.mov"), folder)
        frames = frame_range(folder)
        if args.dry_run:
            LOG.info("would publish %s v%03d %s", shot, ver, frames)
            continue
        try:
            vid = tracker.create_version(shot, args.task, ver, movie, frames)
        except requests.RequestException as exc:
            LOG.error("publish of v%03d failed: %s", ver, exc)
            continue
        ledger.record(shot, args.task, ver, str(folder), vid)
        LOG.info("published %s v%03d as version %d", shot, ver, vid)
        published += 1
    LOG.info("%d version(s) published", published)
    return 0


if __name__ == "__main__":
    sys.exit(main())
