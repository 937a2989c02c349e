#!/usr/bin/env python3
"""Install the house engraving fonts system-wide on a workstation.

Copies the licensed notation and text fonts from the shared drive into
/usr/local/share/fonts so every engraver account on the machine sees them,
then refreshes the fontconfig cache.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("house-fonts")

DEFAULT_SOURCE = Path(os.environ.get("HOUSE_FONTS_SRC", "/mnt/shared/typography/house-fonts"))
SYSTEM_FONT_DIR = Path("/usr/local/share/fonts/house")
FONTCONFIG_SNIPPET = Path("/etc/fonts/conf.d/60-house-notation.conf")
FONT_EXTS = {".otf", ".ttf", ".woff2"}

FONTCONFIG_XML = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <alias>
    <family>Notation</family>
    <prefer><family>{family}</family></prefer>
  </alias>
</fontconfig>
"""


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(65536), b""):
            h.update(block)
    return h.hexdigest()


def find_fonts(source):
    return sorted(p for p in source.rglob("*") if p.suffix.lower() in FONT_EXTS)


def needs_copy(src, dst):
    return not dst.exists() or sha256(src) != sha256(dst)


def ensure_root():
    if os.geteuid() != 0:
        log.info("re-running with sudo")
        os.execvp("sudo", ["sudo", sys.executable] + sys.argv)


def install(fonts, dry_run):
    SYSTEM_FONT_DIR.mkdir(parents=True, exist_ok=True)
    os.chmod(SYSTEM_FONT_DIR, 0o755)
    copied = 0
    for src in fonts:
        dst = SYSTEM_FONT_DIR / src.name
        if not needs_copy(src, dst):
            continue
        log.info("installing %s", dst)
        if not dry_run:
            shutil.copy2(src, dst)
            os.chmod(dst, 0o644)
            os.chown(dst, 0, 0)
        copied += 1
    return copied


def write_alias(family, dry_run):
    text = FONTCONFIG_XML.format(family=family)
    if FONTCONFIG_SNIPPET.exists() and FONTCONFIG_SNIPPET.read_text() == text:
        return False
    log.info("writing %s", FONTCONFIG_SNIPPET)
    if not dry_run:
        FONTCONFIG_SNIPPET.write_text(text)
        os.chmod(FONTCONFIG_SNIPPET, 0o644)
    return True


def refresh_cache(dry_run):
    if dry_run:
        return
    subprocess.run(["fc-cache", "-f", str(SYSTEM_FONT_DIR)], check=True)


def main():
    parser = argparse.ArgumentParser(description="Install house notation fonts")
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--family", default="Bravura")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.source.is_dir():
        log.error("font source %s not mounted", args.source)
        return 1
    if not args.dry_run:
        ensure_root()

    fonts = find_fonts(args.source)
    log.info("found %d font files", len(fonts))
    copied = install(fonts, args.dry_run)
    changed = write_alias(args.family, args.dry_run)
    if copied or changed:
        refresh_cache(args.dry_run)
    log.info("%d fonts installed, alias %s", copied, "updated" if changed else "unchanged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
