#!/usr/bin/env python3
"""Install the subtitle font pack on a render or QA machine.

Burned-in subtitles for CJK, Arabic, Hebrew and Thai deliveries need the
agency font pack so ffmpeg/libass picks the same faces the client approved.
Fonts are installed machine-wide so the render service account sees them
too, then the fontconfig cache is rebuilt.

    subtitle_font_installer.py fontpack/ [--check]
"""
import argparse
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("fonts")

SYSTEM_FONT_DIR = Path("/usr/local/share/fonts/subtitle-pack")
FONT_SUFFIXES = {".ttf", ".otf", ".ttc"}
REQUIRED_FAMILIES = ["Noto Sans CJK JP", "Noto Naskh Arabic", "Noto Sans Hebrew", "Noto Sans Thai"]


def ensure_root():
    """Re-run this script under sudo when started as a normal user."""
    if os.geteuid() == 0:
        return
    log.info("machine-wide install needs root, re-running with sudo")
    argv = ["sudo", "--preserve-env=PATH", sys.executable, os.path.abspath(__file__)] + sys.argv[1:]
    os.execvp("sudo", argv)


def sha256(path):
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def load_manifest(pack):
    mf = pack / "manifest.json"
    if not mf.exists():
        log.warning("no manifest.json in %s, checksums not verified", pack)
        return {}
    return json.loads(mf.read_text())


def install_fonts(pack, manifest):
    SYSTEM_FONT_DIR.mkdir(parents=True, exist_ok=True)
    os.chmod(SYSTEM_FONT_DIR, 0o755)
    installed = 0
    for font in sorted(pack.rglob("*")):
        if font.suffix.lower() not in FONT_SUFFIXES:
            continue
        expected = manifest.get(font.name)
        if expected and sha256(font) != expected:
            log.error("%s: checksum mismatch, skipped", font.name)
            continue
        dest = SYSTEM_FONT_DIR / font.name
        shutil.copy2(font, dest)
        os.chown(dest, 0, 0)
        os.chmod(dest, 0o644)
        installed += 1
        log.debug("installed %s", dest)
    return installed


def rebuild_cache():
    fc = shutil.which("fc-cache")
    if not fc:
        log.warning("fc-cache not found; fonts appear after the next login")
        return
    subprocess.run([fc, "-f", str(SYSTEM_FONT_DIR)], check=True)


def missing_families():
    fc_list = shutil.which("fc-list")
    if not fc_list:
        return REQUIRED_FAMILIES
    out = subprocess.run([fc_list, ":", "family"], capture_output=True, text=True).stdout
    known = {name.strip() for line in out.splitlines() for name in line.split(",")}
    return [f for f in REQUIRED_FAMILIES if f not in known]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pack", type=Path, nargs="?", default=Path("fontpack"))
    ap.add_argument("--check", action="store_true", help="only report missing families")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.check:
        missing = missing_families()
        for fam in missing:
            print("missing:", fam)
        return 1 if missing else 0

    if not args.pack.is_dir():
        log.error("font pack %s not found", args.pack)
        return 2
    ensure_root()
    n = install_fonts(args.pack, load_manifest(args.pack))
    log.info("installed %d font file(s) into %s", n, SYSTEM_FONT_DIR)
    rebuild_cache()
    missing = missing_families()
    if missing:
        log.warning("still missing: %s", ", ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
