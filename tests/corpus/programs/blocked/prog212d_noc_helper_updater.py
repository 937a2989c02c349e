#!/usr/bin/env python3
"""Keep the NOC helper toolkit current.

Checks the published version of the helper script, downloads the newest
release into ~/.local/share/noc/ and runs its post-install step.
"""
import argparse
import logging
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("helper_update")

BASE_URL = os.environ.get("NOC_UPDATE_BASE", "https://updates.example.org/noc")
INSTALL_DIR = Path.home() / ".local" / "share" / "noc"
VERSION_FILE = INSTALL_DIR / "VERSION"


class UpdateError(Exception):
    pass


def fetch(url: str, timeout: float = 15.0) -> bytes:
    LOG.debug("GET %s", url)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            if resp.status != 200:
                raise UpdateError(f"{url}: HTTP {resp.status}")
            return resp.read()
    except urllib.error.URLError as exc:
        raise UpdateError(f"{url}: {exc}") from exc


def installed_version() -> str:
    try:
        return VERSION_FILE.read_text().strip()
    except FileNotFoundError:
        return "0.0.0"


def parse_version(v: str):
    parts = []
    for p in v.split("."):
        try:
            parts.append(int(p))
        except ValueError:
            parts.append(0)
    return tuple(parts)


def install(version: str, script: bytes) -> Path:
    INSTALL_DIR.mkdir(parents=True, exist_ok=True)
    target = INSTALL_DIR / "noc-helper.sh"
    target.write_bytes(script)
    target.chmod(0o755)
    VERSION_FILE.write_text(version + "\n")
    LOG.info("installed helper %s at %s", version, target)
    return target


def run_post_install(target: Path, channel: str) -> int:
    env = dict(os.environ, NOC_CHANNEL=channel, NOC_HELPER_DIR=str(INSTALL_DIR))
    LOG.info("running post-install for %s", target.name)
    proc = subprocess.run(["bash", str(target), "--post-install"], env=env,
                          capture_output=True, text=True)
    for line in proc.stdout.splitlines():
        LOG.info("helper: %s", line)
    if proc.returncode != 0:
        LOG.warning("post-install exited %d: %s", proc.returncode,
                    proc.stderr.strip()[:200])
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--channel", default="stable", choices=["stable", "beta"])
    ap.add_argument("--force", action="store_true",
                    help="reinstall even if already current")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    try:
        latest = fetch(f"{BASE_URL}/{args.channel}/LATEST").decode().strip()
    except UpdateError as exc:
        LOG.error("version check failed: %s", exc)
        return 1

    current = installed_version()
    LOG.info("installed %s, published %s", current, latest)
    if parse_version(latest) <= parse_version(current) and not args.force:
        LOG.info("already up to date")
        return 0

    try:
        script = fetch(f"{BASE_URL}/{args.channel}/helper-{latest}.sh")
    except UpdateError as exc:
        LOG.error("download failed: %s", exc)
        return 1
    if not script.startswith(b"#!"):
        LOG.error("downloaded file does not look like a script")
        return 1

    target = install(latest, script)
    return run_post_install(target, args.channel)


if __name__ == "__main__":
    sys.exit(main())
