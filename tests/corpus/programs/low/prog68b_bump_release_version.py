#!/usr/bin/env python3
"""Bump the app version consistently across the Android, iOS and Tauri
desktop targets of the monorepo and stub a CHANGELOG section.

    bump_release_version.py minor            # 2.3.1 -> 2.4.0, build +1
    bump_release_version.py --set 3.0.0-beta.2
"""
import argparse
import json
import logging
import plistlib
import re
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("bump")

TARGETS = {
    "gradle": Path("android/app/build.gradle.kts"),
    "plist": Path("ios/App/Info.plist"),
    "tauri": Path("desktop/src-tauri/tauri.conf.json"),
    "package": Path("package.json"),
}
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.]+))?$")


def bump(version: str, part: str) -> str:
    m = SEMVER.match(version)
    if not m:
        raise ValueError(f"not a semantic version: {version}")
    major, minor, patch = (int(x) for x in m.groups()[:3])
    pre = m.group(4)
    if part == "major":
        return f"{major + 1}.0.0"
    if part == "minor":
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        return f"{major}.{minor}.{patch + (0 if pre else 1)}"
    if part == "pre":
        if pre and pre.split(".")[-1].isdigit():
            head, _, n = pre.rpartition(".")
            return f"{major}.{minor}.{patch}-{head}.{int(n) + 1}"
        return f"{major}.{minor}.{patch + 1}-beta.1"
    raise ValueError(part)


class Gradle:
    CODE = re.compile(r"(versionCode\s*=?\s*)(\d+)")
    NAME = re.compile(r'(versionName\s*=?\s*")([^"]+)(")')

    def __init__(self, path):
        self.path = path
        self.text = path.read_text()

    def current(self):
        return self.NAME.search(self.text).group(2), int(self.CODE.search(self.text).group(2))

    def apply(self, version, code):
        self.text = self.CODE.sub(lambda m: f"{m.group(1)}{code}", self.text, count=1)
        self.text = self.NAME.sub(lambda m: f"{m.group(1)}{version}{m.group(3)}", self.text, count=1)
        return self.text


def update_plist(path: Path, version: str, build: int) -> bytes:
    with path.open("rb") as fh:
        info = plistlib.load(fh)
    info["CFBundleShortVersionString"] = version.split("-")[0]
    info["CFBundleVersion"] = str(build)
    return plistlib.dumps(info, fmt=plistlib.FMT_XML)


def update_json(path: Path, version: str) -> str:
    data = json.loads(path.read_text())
    if "package" in data and "version" in data["package"]:
        data["package"]["version"] = version
    else:
        data["version"] = version
    return json.dumps(data, indent=2) + "\n"


def stub_changelog(path: Path, version: str) -> str:
    text = path.read_text() if path.exists() else "# Changelog\n"
    if f"## [{version}]" in text:
        return text
    section = f"## [{version}] - {date.today().isoformat()}\n\n### Added\n\n### Fixed\n\n"
    head, sep, rest = text.partition("\n## ")
    return f"{head}\n\n{section}" + (f"## {rest}" if sep else "")


def main():
    ap = argparse.ArgumentParser(description="bump app version across targets")
    ap.add_argument("part", nargs="?", choices=["major", "minor", "patch", "pre"], default="patch")
    ap.add_argument("--set", dest="explicit")
    ap.add_argument("--root", type=Path, default=Path("."))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    paths = {k: args.root / v for k, v in TARGETS.items()}
    missing = [str(p) for p in paths.values() if not p.exists()]
    if missing:
        log.error("missing: %s", ", ".join(missing))
        return 2

    gradle = Gradle(paths["gradle"])
    old_version, old_code = gradle.current()
    try:
        new_version = args.explicit or bump(old_version, args.part)
        bump(new_version, "patch")  # validates the explicit value
    except ValueError as exc:
        log.error("%s", exc)
        return 2
    new_code = old_code + 1
    log.info("%s (%d) -> %s (%d)", old_version, old_code, new_version, new_code)

    outputs = {
        paths["gradle"]: gradle.apply(new_version, new_code),
        paths["plist"]: update_plist(paths["plist"], new_version, new_code),
        paths["tauri"]: update_json(paths["tauri"], new_version),
        paths["package"]: update_json(paths["package"], new_version),
        args.root / "CHANGELOG.md": stub_changelog(args.root / "CHANGELOG.md", new_version),
    }
    for path, content in outputs.items():
        log.info("%s %s", "would write" if args.dry_run else "writing", path)
        if args.dry_run:
            continue
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    return 0


if __name__ == "__main__":
    sys.exit(main())
