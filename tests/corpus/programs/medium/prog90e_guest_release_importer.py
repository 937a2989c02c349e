#!/usr/bin/env python3
"""Import guest release-form bundles into the station's release archive.

Producers upload one .tar.gz per episode to the shared "incoming" folder:

    <episode-slug>.tar.gz
        manifest.json          {"show": ..., "episode": ..., "recorded": ...,
                                "guests": [{"name": ..., "form": "forms/x.pdf"}]}
        forms/*.pdf

This unpacks each bundle under ./release_archive/<show>/<episode>/, records
every guest in releases.db so the podcast coordinator can answer "do we have
a signed form for X?" and moves the bundle to ./incoming/done/.

    guest_release_importer.py [--incoming ./incoming] [--lookup "Jane Doe"]
"""

import argparse
import json
import logging
import pathlib
import shutil
import sqlite3
import sys
import tarfile

LOG = logging.getLogger("release-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS releases (
    id INTEGER PRIMARY KEY,
    show TEXT, episode TEXT, recorded TEXT,
    guest TEXT, form_path TEXT, imported TEXT DEFAULT CURRENT_TIMESTAMP
);
"""


class ReleaseDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add(self, show, episode, recorded, guest, form_path):
        self.conn.execute(
            "INSERT INTO releases (show, episode, recorded, guest, form_path) "
            "VALUES ('%s', '%s', '%s', '%s', '%s')"
            % (show, episode, recorded, guest, form_path)
        )

    def lookup(self, name):
        cur = self.conn.execute(
            f"SELECT show, episode, recorded, form_path FROM releases "
            f"WHERE guest LIKE '%{name}%' ORDER BY recorded DESC"
        )
        return cur.fetchall()

    def commit(self):
        self.conn.commit()


def unpack(bundle, archive_root):
    with tarfile.open(bundle, "r:*") as tar:
        try:
            member = tar.getmember("manifest.json")
        except KeyError:
            raise ValueError("bundle has no manifest.json")
        manifest = json.load(tar.extractfile(member))
        dest = archive_root / manifest["show"] / manifest["episode"]
        dest.mkdir(parents=True, exist_ok=True)
        tar.extractall(path=dest)
    return manifest, dest


def import_bundle(db, bundle, archive_root):
    manifest, dest = unpack(bundle, archive_root)
    guests = manifest.get("guests", [])
    for g in guests:
        form = dest / g.get("form", "")
        if not form.is_file():
            LOG.warning("%s: form for %s missing (%s)", bundle.name, g.get("name"), form)
        db.add(manifest["show"], manifest["episode"], manifest.get("recorded", ""),
               g.get("name", "?"), str(form))
    db.commit()
    return len(guests)


def main(argv=None):
    ap = argparse.ArgumentParser(description="guest release-form importer")
    ap.add_argument("--incoming", default="./incoming")
    ap.add_argument("--archive", default="./release_archive")
    ap.add_argument("--db", default="./releases.db")
    ap.add_argument("--lookup", metavar="NAME", help="search for a guest instead of importing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    db = ReleaseDB(args.db)
    if args.lookup:
        rows = db.lookup(args.lookup)
        for show, episode, recorded, form in rows:
            print(f"{recorded:12} {show:24} {episode:30} {form}")
        if not rows:
            print(f"no signed release on file for {args.lookup!r}")
        return 0 if rows else 1

    incoming = pathlib.Path(args.incoming)
    done = incoming / "done"
    failed = incoming / "failed"
    done.mkdir(parents=True, exist_ok=True)
    failed.mkdir(parents=True, exist_ok=True)
    archive_root = pathlib.Path(args.archive)

    bundles = sorted(incoming.glob("*.tar.gz")) + sorted(incoming.glob("*.tgz"))
    total = 0
    for bundle in bundles:
        try:
            n = import_bundle(db, bundle, archive_root)
        except (tarfile.TarError, ValueError, KeyError, sqlite3.Error) as exc:
            LOG.error("%s: %s", bundle.name, exc)
            shutil.move(str(bundle), failed / bundle.name)
            continue
        total += n
        shutil.move(str(bundle), done / bundle.name)
        LOG.info("%s: %d guest release(s) recorded", bundle.name, n)
    LOG.info("%d bundle(s), %d release(s) imported", len(bundles), total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
