#!/usr/bin/env python3
"""nerd-font-install: install Nerd Font patched families for prompt/editor icons.

    nerd_font_install.py JetBrainsMono FiraCode [--release v3.2.1] [--user]

Fonts go to /usr/local/share/fonts/nerd-fonts so every account on the box
(and the display manager) sees them; pass --user to keep them in
~/.local/share/fonts instead.
"""
import argparse
import io
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import requests

log = logging.getLogger("nerd-font-install")

GH = "https://github.com/ryanoasis/nerd-fonts/releases/download"
SYSTEM_DIR = Path("/usr/local/share/fonts/nerd-fonts")
USER_DIR = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share")) / "fonts/nerd-fonts"
WANTED_EXT = (".ttf", ".otf")


def download(family, release, retries=3):
    url = f"{GH}/{release}/{family}.zip"
    for attempt in range(1, retries + 1):
        try:
            r = requests.get(url, timeout=60)
            r.raise_for_status()
            log.info("downloaded %s (%.1f MiB)", family, len(r.content) / 2**20)
            return r.content
        except requests.RequestException as exc:
            log.warning("%s: attempt %d failed: %s", family, attempt, exc)
    raise RuntimeError(f"could not download {url}")


def unpack_fonts(blob, staging):
    """Write only the font files of the archive into staging, flat."""
    names = []
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        for info in zf.infolist():
            base = os.path.basename(info.filename)
            if not base.lower().endswith(WANTED_EXT) or "Windows" in base:
                continue
            (staging / base).write_bytes(zf.read(info))
            names.append(base)
    return names


class Installer:
    def __init__(self, system):
        self.system = system
        self.target = SYSTEM_DIR if system else USER_DIR
        self.elevate = []
        if system and os.geteuid() != 0:
            self.elevate = ["sudo", "--"]

    def _run(self, *argv):
        cmd = self.elevate + list(argv)
        log.debug("exec %s", " ".join(cmd))
        subprocess.run(cmd, check=True)

    def install(self, staging, names, family):
        dest = self.target / family
        if self.system:
            self._run("install", "-d", "-m", "0755", str(dest))
            self._run("install", "-m", "0644", *[str(staging / n) for n in names], str(dest))
        else:
            dest.mkdir(parents=True, exist_ok=True)
            for n in names:
                shutil.copy2(staging / n, dest / n)
        log.info("%s: %d files -> %s", family, len(names), dest)

    def refresh_cache(self):
        if shutil.which("fc-cache") is None:
            log.warning("fc-cache not found; log out and back in to pick up fonts")
            return
        self._run("fc-cache", "-f", str(self.target))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("families", nargs="*", default=["JetBrainsMono"])
    ap.add_argument("--release", default="v3.2.1")
    ap.add_argument("--user", action="store_true", help="install for the current user only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inst = Installer(system=not args.user)
    failed = []
    with tempfile.TemporaryDirectory(prefix="nerdfonts-") as tmp:
        for family in args.families:
            staging = Path(tmp) / family
            staging.mkdir()
            try:
                names = unpack_fonts(download(family, args.release), staging)
                if not names:
                    raise RuntimeError("archive contained no font files")
                inst.install(staging, names, family)
            except (RuntimeError, zipfile.BadZipFile, subprocess.CalledProcessError) as exc:
                log.error("%s: %s", family, exc)
                failed.append(family)
    try:
        inst.refresh_cache()
    except subprocess.CalledProcessError as exc:
        log.warning("font cache refresh failed: %s", exc)
    if failed:
        log.error("failed: %s", ", ".join(failed))
        return 1
    print("Done. Set your terminal font to e.g. 'JetBrainsMono Nerd Font'.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
