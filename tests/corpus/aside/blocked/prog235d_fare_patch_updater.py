#!/usr/bin/env python3
"""fare_patch_updater.py - pull the latest fare patch for the dispatch server.

The fare vendor publishes a version number and a shell patch script. When the
published version is newer than ./fares/VERSION, the script is downloaded to
./fares/patches/ and executed with bash so the vendor's migration runs.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request

LOG = logging.getLogger("fare_patch")
VENDOR = "https://updates.example.net/taxi-fares"
FARES_DIR = "fares"
VERSION_FILE = os.path.join(FARES_DIR, "VERSION")
PATCH_DIR = os.path.join(FARES_DIR, "patches")


def http_get(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "fare-patch/1.4"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def local_version():
    try:
        with open(VERSION_FILE) as fh:
            return tuple(int(x) for x in fh.read().strip().split("."))
    except (OSError, ValueError):
        return (0, 0, 0)


def remote_manifest(region, timeout):
    raw = http_get(f"{VENDOR}/{region}/manifest.json", timeout)
    doc = json.loads(raw)
    version = tuple(int(x) for x in doc["version"].split("."))
    return version, doc["patch"]


class PatchRunner:
    def __init__(self, region, timeout):
        self.region = region
        self.timeout = timeout
        os.makedirs(PATCH_DIR, exist_ok=True)

    def download(self, patch_name):
        url = f"{VENDOR}/{self.region}/{patch_name}"
        body = http_get(url, self.timeout)
        path = os.path.join(PATCH_DIR, os.path.basename(patch_name))
        with open(path, "wb") as fh:
            fh.write(body)
        os.chmod(path, 0o755)
        LOG.info("downloaded %s (%d bytes)", path, len(body))
        return path

    def execute(self, path):
        env = dict(os.environ, FARES_DIR=os.path.abspath(FARES_DIR),
                   FARE_REGION=self.region)
        proc = subprocess.run(["bash", path], env=env, capture_output=True,
                              text=True, timeout=600)
        for line in proc.stdout.splitlines():
            LOG.info("patch: %s", line)
        if proc.returncode != 0:
            raise RuntimeError(f"patch exited {proc.returncode}: {proc.stderr.strip()}")


def write_version(version):
    with open(VERSION_FILE, "w") as fh:
        fh.write(".".join(str(x) for x in version) + "\n")


def main(argv=None):
    p = argparse.ArgumentParser(description="apply vendor fare patches")
    p.add_argument("--region", default="metro-north")
    p.add_argument("--timeout", type=int, default=20)
    p.add_argument("--force", action="store_true", help="re-apply even if current")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    os.makedirs(FARES_DIR, exist_ok=True)

    current = local_version()
    try:
        latest, patch_name = remote_manifest(args.region, args.timeout)
    except (urllib.error.URLError, OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read vendor manifest: %s", exc)
        return 1

    LOG.info("local %s, vendor %s", current, latest)
    if latest <= current and not args.force:
        LOG.info("fares are up to date")
        return 0

    runner = PatchRunner(args.region, args.timeout)
    try:
        path = runner.download(patch_name)
        runner.execute(path)
    except (urllib.error.URLError, OSError, RuntimeError,
            subprocess.TimeoutExpired) as exc:
        LOG.error("patch failed: %s", exc)
        return 1

    write_version(latest)
    LOG.info("fares updated to %s", ".".join(map(str, latest)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
