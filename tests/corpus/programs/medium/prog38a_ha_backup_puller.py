#!/usr/bin/env python3
"""Pull the newest Home Assistant backup and unpack it for browsing.

Talks to the Home Assistant Supervisor backup API using a long-lived
access token from HASS_TOKEN (sent only to the Home Assistant instance).
HA on the LAN uses a self-signed certificate, hence verification is off.
Backups are unpacked into ./ha_backups/<slug>/.
"""
import argparse
import io
import json
import logging
import os
import sys
import tarfile
from datetime import datetime
from pathlib import Path

import requests
import urllib3

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
log = logging.getLogger("ha-pull")

DEFAULT_HA = "https://homeassistant.lan:8123"
DEST_ROOT = Path("ha_backups")


class Supervisor:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        self.s.headers["Authorization"] = f"Bearer {token}"
        self.s.verify = False

    def backups(self):
        r = self.s.get(f"{self.base}/api/hassio/backups", timeout=20)
        r.raise_for_status()
        return r.json()["data"]["backups"]

    def download(self, slug):
        r = self.s.get(f"{self.base}/api/hassio/backups/{slug}/download",
                       stream=True, timeout=120)
        r.raise_for_status()
        buf = io.BytesIO()
        for chunk in r.iter_content(chunk_size=1 << 16):
            buf.write(chunk)
        buf.seek(0)
        return buf


def pick_backup(backups, name_filter=None):
    candidates = [b for b in backups if not name_filter or name_filter in b.get("name", "")]
    if not candidates:
        return None
    return max(candidates, key=lambda b: datetime.fromisoformat(b["date"]))


def unpack(buf, dest):
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=buf, mode="r:*") as outer:
        outer.extractall(dest)
    # each add-on / the core config is itself a tar.gz inside the backup
    for inner_path in dest.glob("*.tar.gz"):
        sub = dest / inner_path.name.replace(".tar.gz", "")
        sub.mkdir(exist_ok=True)
        try:
            with tarfile.open(inner_path) as inner:
                inner.extractall(path=sub)
        except tarfile.ReadError as exc:
            log.warning("could not open %s (encrypted backup?): %s", inner_path.name, exc)


def summarize(dest):
    meta_file = dest / "backup.json"
    if not meta_file.exists():
        return {}
    meta = json.loads(meta_file.read_text())
    return {
        "name": meta.get("name"),
        "date": meta.get("date"),
        "homeassistant": (meta.get("homeassistant") or {}).get("version"),
        "addons": [a.get("slug") for a in meta.get("addons", [])],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default=os.environ.get("HASS_URL", DEFAULT_HA))
    ap.add_argument("--filter", help="only consider backups whose name contains this")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--slug", help="pull this backup instead of the newest")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("HASS_TOKEN")
    if not token:
        log.error("set HASS_TOKEN to a long-lived access token")
        return 2

    sup = Supervisor(args.url, token)
    try:
        backups = sup.backups()
    except requests.RequestException as exc:
        log.error("cannot list backups: %s", exc)
        return 1

    if args.list:
        for b in sorted(backups, key=lambda b: b["date"]):
            print(f"{b['slug']}  {b['date'][:19]}  {b.get('size', 0):>8} MB  {b.get('name')}")
        return 0

    chosen = {"slug": args.slug} if args.slug else pick_backup(backups, args.filter)
    if not chosen:
        log.error("no matching backup")
        return 1
    slug = chosen["slug"]
    dest = DEST_ROOT / slug
    log.info("downloading backup %s", slug)
    unpack(sup.download(slug), dest)
    print(json.dumps(summarize(dest), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
