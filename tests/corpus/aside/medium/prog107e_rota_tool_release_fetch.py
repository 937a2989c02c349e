#!/usr/bin/env python3
"""Fetch the latest release of the reporting-rota tool.

The rota tool (consultant reporting sessions, on-call and cover lists) is
distributed as a tarball from the department's release server. This helper
compares the installed version with the release manifest, downloads the new
tarball, checks its digest and unpacks it into ``releases/<version>``, then
points the ``current`` symlink at it.
"""
import argparse
import hashlib
import json
import logging
import sys
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("rota_fetch")

MANIFEST_URL = "https://radiology-tools.trust.internal/rota/manifest.json"
BASE = Path("rota")
RELEASES = BASE / "releases"
CURRENT = BASE / "current"


def installed_version():
    vfile = CURRENT / "VERSION"
    try:
        return vfile.read_text().strip()
    except OSError:
        return None


def get_manifest(url, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def download(url, dest: Path, timeout):
    h = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=timeout) as resp, dest.open("wb") as out:
        while True:
            chunk = resp.read(1 << 16)
            if not chunk:
                break
            h.update(chunk)
            out.write(chunk)
    return h.hexdigest()


def unpack(archive: Path, target: Path):
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(target)
    return target


def switch_current(target: Path):
    tmp_link = BASE / ".current.new"
    if tmp_link.is_symlink():
        tmp_link.unlink()
    tmp_link.symlink_to(target.resolve())
    tmp_link.replace(CURRENT)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--manifest", default=MANIFEST_URL)
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--force", action="store_true", help="reinstall even if up to date")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    RELEASES.mkdir(parents=True, exist_ok=True)
    try:
        manifest = get_manifest(args.manifest, args.timeout)
    except OSError as exc:
        log.error("cannot read manifest: %s", exc)
        return 1

    latest = manifest["version"]
    have = installed_version()
    if have == latest and not args.force:
        log.info("rota tool %s is current", have)
        return 0

    archive = RELEASES / f"rota-{latest}.tar.gz"
    for attempt in range(1, 4):
        try:
            digest = download(manifest["tarball"], archive, args.timeout)
            break
        except OSError as exc:
            log.warning("download attempt %d failed: %s", attempt, exc)
    else:
        return 1

    if digest != manifest.get("sha256"):
        log.error("digest mismatch for %s", archive.name)
        archive.unlink(missing_ok=True)
        return 1

    target = unpack(archive, RELEASES / latest)
    switch_current(target)
    archive.unlink()
    log.info("rota tool updated %s -> %s", have or "none", latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
