#!/usr/bin/env python3
"""Stamp version and build metadata into the Info.plist of a built .app bundle.

Runs after the compile step; operates only on the bundle inside ./build.
"""
import argparse
import datetime as _dt
import logging
import os
import plistlib
import re
import sys
from pathlib import Path

LOG = logging.getLogger("plist-stamp")
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


def read_version_file(path: Path) -> str:
    text = path.read_text(encoding="utf-8").strip()
    if not SEMVER.match(text):
        raise ValueError(f"{path}: not a semantic version: {text!r}")
    return text


def next_build_number(plist: dict) -> str:
    current = str(plist.get("CFBundleVersion", "0"))
    try:
        return str(int(current) + 1)
    except ValueError:
        LOG.warning("CFBundleVersion %r is not numeric; restarting at 1", current)
        return "1"


class InfoPlist:
    def __init__(self, bundle: Path):
        self.path = bundle / "Contents" / "Info.plist"
        with self.path.open("rb") as fh:
            self.data = plistlib.load(fh)
        self.fmt = plistlib.FMT_BINARY if self._is_binary() else plistlib.FMT_XML

    def _is_binary(self) -> bool:
        with self.path.open("rb") as fh:
            return fh.read(8) == b"bplist00"

    def stamp(self, version: str, commit: str) -> None:
        self.data["CFBundleShortVersionString"] = version
        self.data["CFBundleVersion"] = next_build_number(self.data)
        extra = self.data.setdefault("ExampleBuildInfo", {})
        extra["Commit"] = commit
        extra["Date"] = _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)

    def save(self) -> None:
        tmp = self.path.with_name(".Info.plist.new")
        with tmp.open("wb") as fh:
            plistlib.dump(self.data, fh, fmt=self.fmt, sort_keys=True)
        os.replace(tmp, self.path)


def head_commit(repo: Path) -> str:
    head = repo / ".git" / "HEAD"
    try:
        ref = head.read_text().strip()
    except OSError:
        return "unknown"
    if ref.startswith("ref: "):
        ref_file = repo / ".git" / ref[5:]
        return ref_file.read_text().strip()[:12] if ref_file.exists() else "unknown"
    return ref[:12]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("bundle", nargs="?", default="build/Release/Notes.app")
    p.add_argument("--version-file", default="VERSION")
    p.add_argument("--dry-run", action="store_true")
    a = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = Path(a.bundle)
    if not (bundle / "Contents" / "Info.plist").exists():
        LOG.error("no Info.plist in %s; run the build first", bundle)
        return 1
    try:
        version = read_version_file(Path(a.version_file))
    except (OSError, ValueError) as exc:
        LOG.error("%s", exc)
        return 1

    info = InfoPlist(bundle)
    info.stamp(version, head_commit(Path.cwd()))
    LOG.info("%s -> %s (%s)", bundle.name, version, info.data["CFBundleVersion"])
    if not a.dry_run:
        info.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
