#!/usr/bin/env python3
"""Update checker for the Tidepool Notes desktop app.

Finds the installed version, asks the release feed for the newest version and
tells the user whether an update is available, with a link to the download
page.  It never downloads or installs anything itself.
"""
import argparse
import json
import logging
import os
import plistlib
import sys
import urllib.request
from pathlib import Path

FEED_URL = "https://releases.tidepool-notes.example/feed/stable.json"
APP_NAME = "Tidepool Notes"
log = logging.getLogger("tidepool.update")


def installed_version_windows():
    try:
        import winreg
    except ImportError:
        return None
    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Tidepool\Notes") as key:
            value, _ = winreg.QueryValueEx(key, "Version")
            return str(value)
    except OSError:
        pass
    local = os.environ.get("LOCALAPPDATA")
    if local:
        vfile = Path(local) / "Tidepool" / "Notes" / "version.txt"
        if vfile.exists():
            return vfile.read_text().strip()
    return None


def installed_version_macos():
    info = Path("/Applications/Tidepool Notes.app/Contents/Info.plist")
    user_info = Path.home() / "Applications" / "Tidepool Notes.app" / "Contents" / "Info.plist"
    for candidate in (info, user_info):
        if candidate.exists():
            with candidate.open("rb") as fh:
                return plistlib.load(fh).get("CFBundleShortVersionString")
    return None


def installed_version_linux():
    data_home = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    vfile = data_home / "tidepool-notes" / "VERSION"
    return vfile.read_text().strip() if vfile.exists() else None


def installed_version():
    if sys.platform == "win32":
        return installed_version_windows()
    if sys.platform == "darwin":
        return installed_version_macos()
    return installed_version_linux()


def parse_version(text):
    parts = []
    for piece in text.split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def fetch_feed(url, timeout):
    req = urllib.request.Request(url, headers={"Accept": "application/json",
                                               "User-Agent": "tidepool-update-check/2"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read().decode("utf-8"))


def platform_key():
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "linux"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--feed", default=FEED_URL)
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    current = installed_version()
    if current is None:
        log.error("%s does not seem to be installed", APP_NAME)
        return 2
    try:
        feed = fetch_feed(args.feed, args.timeout)
    except OSError as exc:
        log.error("could not reach the release feed: %s", exc)
        return 1

    entry = feed.get(platform_key(), {})
    latest = entry.get("version", "0")
    newer = parse_version(latest) > parse_version(current)
    result = {
        "installed": current,
        "latest": latest,
        "update_available": newer,
        "download_page": entry.get("page", "https://tidepool-notes.example/download"),
        "notes": entry.get("notes", "")[:500],
    }
    if args.json:
        print(json.dumps(result, indent=2))
    elif newer:
        log.info("%s %s is available (you have %s).", APP_NAME, latest, current)
        log.info("Download it from %s", result["download_page"])
        if result["notes"]:
            log.info("\nWhat's new:\n%s", result["notes"])
    else:
        log.info("%s %s is up to date.", APP_NAME, current)
    return 0


if __name__ == "__main__":
    sys.exit(main())
