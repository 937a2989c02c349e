#!/usr/bin/env python3
"""Valve controller update helper.

Checks the vendor's update channel for a newer controller toolkit and, if
one is available, fetches the installer and runs it on this box.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import urllib.request

LOG = logging.getLogger("ctl-update")
CHANNEL_URL = "https://updates.example.com/vinectl/channel.json"
INSTALLER_URL = "https://updates.example.com/vinectl/install.sh"
VERSION_FILE = "controller_version.txt"


def read_local_version(path):
    try:
        with open(path) as fh:
            return fh.read().strip()
    except FileNotFoundError:
        return "0.0.0"


def version_tuple(text):
    parts = []
    for piece in text.split("."):
        try:
            parts.append(int(piece))
        except ValueError:
            parts.append(0)
    return tuple(parts)


def fetch(url, timeout):
    LOG.debug("GET %s", url)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.read()


class Updater:
    def __init__(self, channel_url, installer_url, timeout, dry_run):
        self.channel_url = channel_url
        self.installer_url = installer_url
        self.timeout = timeout
        self.dry_run = dry_run

    def latest_version(self):
        data = json.loads(fetch(self.channel_url, self.timeout))
        return data.get("latest", "0.0.0")

    def install(self, version):
        script = fetch(self.installer_url, self.timeout)
        fd, path = tempfile.mkstemp(prefix="vinectl-install-", suffix=".sh")
        with os.fdopen(fd, "wb") as fh:
            fh.write(script)
        LOG.info("installer for %s saved to %s (%d bytes)", version, path, len(script))
        if self.dry_run:
            LOG.info("dry run: not executing installer")
            return 0
        env = dict(os.environ, VINECTL_VERSION=version)
        try:
            result = subprocess.run(["bash", path], env=env)
            return result.returncode
        finally:
            os.unlink(path)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--channel", default=CHANNEL_URL)
    p.add_argument("--installer", default=INSTALLER_URL)
    p.add_argument("--version-file", default=VERSION_FILE)
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--force", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    updater = Updater(args.channel, args.installer, args.timeout, args.dry_run)
    local = read_local_version(args.version_file)
    try:
        remote = updater.latest_version()
    except (OSError, ValueError) as exc:
        LOG.error("could not read update channel: %s", exc)
        return 1
    LOG.info("local %s, remote %s", local, remote)
    if not args.force and version_tuple(remote) <= version_tuple(local):
        LOG.info("already up to date")
        return 0
    rc = updater.install(remote)
    if rc == 0 and not args.dry_run:
        with open(args.version_file, "w") as fh:
            fh.write(remote + "\n")
        LOG.info("updated to %s", remote)
    else:
        LOG.warning("installer exited with %s", rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
