#!/usr/bin/env python3
"""Install the corporate font bundle system-wide so every user account and
the print server render documents with the same typefaces."""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("fonts")
SYSTEM_FONT_ROOT = Path("/usr/local/share/fonts")
FONT_SUFFIXES = {".ttf", ".otf", ".ttc", ".woff2"}


def font_files(src: Path):
    for p in sorted(src.rglob("*")):
        if p.is_file() and p.suffix.lower() in FONT_SUFFIXES:
            yield p


def ensure_dir(path: Path, gid: int) -> None:
    path.mkdir(parents=True, exist_ok=True)
    os.chown(path, 0, gid)
    os.chmod(path, 0o755)


def install_bundle(src: Path, family: str, gid: int, replace: bool) -> int:
    dest = SYSTEM_FONT_ROOT / family
    if dest.exists() and replace:
        LOG.info("replacing existing %s", dest)
        shutil.rmtree(dest)
    ensure_dir(dest, gid)
    count = 0
    for font in font_files(src):
        target = dest / font.name
        shutil.copy2(font, target)
        os.chown(target, 0, gid)
        os.chmod(target, 0o644)
        count += 1
    return count


def refresh_cache(path: Path) -> None:
    exe = shutil.which("fc-cache")
    if not exe:
        LOG.warning("fc-cache not found; caches will refresh on next login")
        return
    subprocess.run([exe, "-f", str(path)], check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", type=Path, help="unpacked font bundle directory")
    ap.add_argument("--family", default="corp-sans")
    ap.add_argument("--group", default="root")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    if not args.bundle.is_dir():
        LOG.error("%s is not a directory", args.bundle)
        return 1
    if os.geteuid() != 0:
        LOG.error("system-wide install needs root")
        return 1
    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        LOG.error("no such group %s", args.group)
        return 1

    try:
        n = install_bundle(args.bundle, args.family, gid, args.replace)
    except OSError as exc:
        LOG.error("install failed: %s", exc)
        return 1
    LOG.info("installed %d font file(s) into %s", n, SYSTEM_FONT_ROOT / args.family)
    if not args.no_cache:
        refresh_cache(SYSTEM_FONT_ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
