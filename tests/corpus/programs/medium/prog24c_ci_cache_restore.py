#!/usr/bin/env python3
"""ci_cache_restore.py - restore a dependency cache tarball for a CI job.

The cache key is derived from the lockfiles of the checkout; the matching
archive is fetched from the cache server (plain GET) into ./.ci-cache and
unpacked into the working tree (node_modules/, .venv/, ~/.m2 mirror in ./.m2).
"""

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.error
import urllib.request

CACHE_SERVER = os.environ.get("CI_CACHE_URL", "https://ci-cache.build.example.net/v1")
LOCAL_DIR = ".ci-cache"
LOCKFILES = ("package-lock.json", "poetry.lock", "requirements.txt", "pom.xml")

log = logging.getLogger("cache-restore")


def git(*args):
    """Run a git command in the checkout and return stripped stdout."""
    out = subprocess.run(["git", *args], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def cache_key(prefix):
    h = hashlib.sha256()
    for name in LOCKFILES:
        if os.path.exists(name):
            with open(name, "rb") as fh:
                h.update(name.encode())
                h.update(fh.read())
    branch = git("rev-parse", "--abbrev-ref", "HEAD").replace("/", "-")
    return f"{prefix}-{branch}-{h.hexdigest()[:16]}"


def download(key, timeout):
    os.makedirs(LOCAL_DIR, exist_ok=True)
    target = os.path.join(LOCAL_DIR, f"{key}.tar.gz")
    if os.path.exists(target):
        log.info("using local copy %s", target)
        return target
    url = f"{CACHE_SERVER}/{key}.tar.gz"
    log.info("GET %s", url)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp, open(target + ".part", "wb") as out:
            shutil.copyfileobj(resp, out)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            log.warning("cache miss for %s", key)
            return None
        raise
    os.replace(target + ".part", target)
    return target


def unpack(archive, dest):
    with tarfile.open(archive, "r:gz") as tf:
        members = tf.getmembers()
        log.info("extracting %d entries into %s", len(members), dest)
        tf.extractall(dest)


def disk_report(paths):
    existing = [p for p in paths if os.path.exists(p)]
    if not existing:
        return
    out = subprocess.run(["du", "-sh", *existing], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        log.info("restored %s", line)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prefix", default=os.environ.get("CI_PROJECT_NAME", "build"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--dest", default=".")
    ap.add_argument("--fallback-key", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        keys = [cache_key(args.prefix), *args.fallback_key]
    except subprocess.CalledProcessError as exc:
        log.error("not a git checkout: %s", exc.stderr.strip())
        return 2

    for key in keys:
        archive = download(key, args.timeout)
        if archive:
            unpack(archive, args.dest)
            disk_report(["node_modules", ".venv", ".m2"])
            with open(os.path.join(LOCAL_DIR, "restored-key"), "w") as fh:
                fh.write(key + "\n")
            return 0

    log.warning("no cache found; job will start cold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
