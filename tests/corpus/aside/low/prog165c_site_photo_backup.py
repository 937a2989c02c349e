#!/usr/bin/env python3
"""Back up site photos from finished jobs.

Fitters drop before/after photos into photos/<job-id>/. This packs each job
folder into a dated zip under backups/ with a checksum manifest. The original
photos are left where they are; the office clears them by hand after the
backup has been checked.
"""
import argparse
import hashlib
import json
import logging
import zipfile
from datetime import date
from pathlib import Path

log = logging.getLogger("photobackup")

PHOTO_TYPES = {".jpg", ".jpeg", ".png", ".heic"}


def sha256_of(path, chunk=1 << 20):
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def job_folders(source):
    for entry in sorted(Path(source).iterdir()):
        if entry.is_dir() and not entry.name.startswith("."):
            yield entry


def photos_in(folder):
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in PHOTO_TYPES)


class JobBackup:
    def __init__(self, folder, dest):
        self.folder = folder
        self.dest = dest
        self.archive = dest / "{}_{}.zip".format(folder.name, date.today().isoformat())

    def already_done(self):
        return self.archive.exists()

    def build(self):
        photos = photos_in(self.folder)
        if not photos:
            return 0
        manifest = {}
        with zipfile.ZipFile(self.archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            for photo in photos:
                arcname = str(photo.relative_to(self.folder))
                zf.write(photo, arcname)
                manifest[arcname] = sha256_of(photo)
            zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
        return len(photos)

    def verify(self):
        with zipfile.ZipFile(self.archive) as zf:
            manifest = json.loads(zf.read("MANIFEST.json"))
            for name, expected in manifest.items():
                if hashlib.sha256(zf.read(name)).hexdigest() != expected:
                    log.error("checksum mismatch in %s: %s", self.archive.name, name)
                    return False
        return True


def run(source, dest, verify):
    dest.mkdir(parents=True, exist_ok=True)
    done = 0
    for folder in job_folders(source):
        job = JobBackup(folder, dest)
        if job.already_done():
            log.info("%s already backed up today", folder.name)
            continue
        count = job.build()
        if count == 0:
            log.info("%s has no photos", folder.name)
            continue
        if verify and not job.verify():
            job.archive.unlink()
            continue
        log.info("%s: %d photos -> %s", folder.name, count, job.archive.name)
        done += 1
    return done


def main():
    parser = argparse.ArgumentParser(description="Back up job site photos")
    parser.add_argument("--source", default="photos")
    parser.add_argument("--dest", default="backups")
    parser.add_argument("--no-verify", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    n = run(Path(args.source), Path(args.dest), not args.no_verify)
    print("{} job folders backed up".format(n))


if __name__ == "__main__":
    main()
