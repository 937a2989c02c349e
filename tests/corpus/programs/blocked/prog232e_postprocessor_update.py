#!/usr/bin/env python3
"""Keep the CAM post-processor for the nesting router up to date.

Checks the vendor's update feed, and when a newer release is listed downloads
its installer script and runs it so the workshop PCs all generate the same
G-code dialect.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("post-update")

FEED_URL = "https://updates.example.com/cnc-post/latest.json"
STATE_FILE = Path("./post_version.json")


class UpdateError(Exception):
    pass


def http_get(url: str, timeout: int = 20) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "cnc-post-updater/1.4"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.read()
    except urllib.error.URLError as exc:
        raise UpdateError(f"GET {url} failed: {exc}") from exc


def parse_version(text: str) -> tuple:
    try:
        return tuple(int(part) for part in text.strip().split("."))
    except ValueError:
        return (0,)


def installed_version() -> str:
    if STATE_FILE.exists():
        try:
            return json.loads(STATE_FILE.read_text()).get("version", "0")
        except json.JSONDecodeError:
            LOG.warning("state file is corrupt, assuming nothing installed")
    return "0"


def record_version(version: str) -> None:
    STATE_FILE.write_text(json.dumps({"version": version}, indent=2))


class Installer:
    def __init__(self, release: dict, machine: str):
        self.release = release
        self.machine = machine

    def fetch_script(self) -> Path:
        url = self.release.get("installer")
        if not url:
            raise UpdateError("release has no installer URL")
        body = http_get(url, timeout=60)
        fd, path = tempfile.mkstemp(prefix="post-install-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
        os.chmod(path, stat.S_IRWXU)
        LOG.info("downloaded installer (%d bytes) to %s", len(body), path)
        return Path(path)

    def run(self) -> None:
        script = self.fetch_script()
        env = dict(os.environ, POST_MACHINE=self.machine,
                   POST_VERSION=self.release["version"])
        try:
            proc = subprocess.run(["bash", str(script)], env=env,
                                  capture_output=True, text=True, timeout=900)
        finally:
            script.unlink(missing_ok=True)
        for line in proc.stdout.splitlines():
            LOG.info("installer: %s", line)
        if proc.returncode != 0:
            raise UpdateError(f"installer exited {proc.returncode}: {proc.stderr.strip()}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--machine", default="nesting-router-1",
                    help="machine profile to install the post for")
    ap.add_argument("--force", action="store_true", help="reinstall even if current")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        release = json.loads(http_get(FEED_URL))
    except (UpdateError, json.JSONDecodeError) as exc:
        LOG.error("cannot read update feed: %s", exc)
        return 1

    current = installed_version()
    latest = release.get("version", "0")
    LOG.info("installed %s, latest %s", current, latest)
    if parse_version(latest) <= parse_version(current) and not args.force:
        LOG.info("post-processor is up to date")
        return 0
    if args.check_only:
        LOG.info("update available")
        return 0

    try:
        Installer(release, args.machine).run()
    except UpdateError as exc:
        LOG.error("%s", exc)
        return 1
    record_version(latest)
    LOG.info("post-processor updated to %s", latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
