#!/usr/bin/env python3
"""Install the brand fonts used on jar and soap-band labels.

The label templates (glabels / LibreOffice) reference our brand fonts by
family name, so they have to be visible to fontconfig for every account on
the shop computer, including the one CUPS renders under. This copies the
fonts from ./brand-fonts into the system font tree and refreshes the cache.

    install_label_fonts.py [--src brand-fonts] [--check]
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("labelfonts")

SYSTEM_FONT_DIR = Path("/usr/local/share/fonts/wick-and-lye")
FONT_EXTS = {".ttf", ".otf", ".ttc"}
REQUIRED_FAMILIES = ("Cormorant Garamond", "Josefin Sans", "Wick Script")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def fonts_in(src):
    return sorted(p for p in Path(src).rglob("*") if p.suffix.lower() in FONT_EXTS)


def needs_copy(src, dest):
    return not dest.exists() or sha256(src) != sha256(dest)


class FontInstaller:
    def __init__(self, target=SYSTEM_FONT_DIR):
        self.target = target
        self.use_sudo = os.geteuid() != 0

    def _priv(self, *cmd):
        full = (["sudo", "--"] if self.use_sudo else []) + list(cmd)
        log.debug("run: %s", " ".join(full))
        return subprocess.run(full, check=True)

    def prepare(self):
        try:
            self.target.mkdir(parents=True, exist_ok=True)
            self.use_sudo = False
        except PermissionError:
            self._priv("install", "-d", "-m", "0755", str(self.target))

    def copy(self, font):
        dest = self.target / font.name
        if not needs_copy(font, dest):
            log.debug("up to date: %s", font.name)
            return False
        if self.use_sudo:
            self._priv("install", "-m", "0644", str(font), str(dest))
        else:
            shutil.copy2(font, dest)
            os.chmod(dest, 0o644)
        log.info("installed %s", font.name)
        return True

    def refresh_cache(self):
        self._priv("fc-cache", "-f", str(self.target))


def installed_families():
    out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True)
    fams = set()
    for line in out.stdout.splitlines():
        for name in line.split(","):
            fams.add(name.strip())
    return fams


def check():
    fams = installed_families()
    missing = [f for f in REQUIRED_FAMILIES if f not in fams]
    for f in REQUIRED_FAMILIES:
        print(f"{'ok ' if f in fams else 'MISSING'}  {f}")
    return 1 if missing else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="Install brand fonts for labels")
    ap.add_argument("--src", default="brand-fonts")
    ap.add_argument("--check", action="store_true", help="only report what fontconfig sees")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.check:
        return check()

    fonts = fonts_in(args.src)
    if not fonts:
        log.error("no font files found under %s", args.src)
        return 1

    inst = FontInstaller()
    try:
        inst.prepare()
        changed = sum(inst.copy(f) for f in fonts)
        if changed:
            inst.refresh_cache()
    except subprocess.CalledProcessError as exc:
        log.error("install step failed (%s)", exc)
        return 2
    log.info("%d font(s) installed/updated in %s", changed, inst.target)
    return check()


if __name__ == "__main__":
    sys.exit(main())
