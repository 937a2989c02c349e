#!/usr/bin/env python3
"""nerd-font-fetch: install Nerd Font patched families for prompt/editor icons.

    nerd_font_fetch.py JetBrainsMono FiraCode [--release v3.2.1] [--dest DIR]

Fonts go to ~/.local/share/fonts/nerd-fonts (or --dest) and the fontconfig
cache for that directory is refreshed afterwards.
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

log = logging.getLogger("nerd-font-fetch")

GH = "https://github.com/ryanoasis/nerd-fonts/releases/download"
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
    def __init__(self, target):
        self.target = Path(target).expanduser()

    def _run(self, *argv):
        log.debug("exec %s", " ".join(argv))
        subprocess.run(list(argv), check=True)

    def install(self, staging, names, family):
        dest = self.target / family
        dest.mkdir(parents=True, exist_ok=True)
        for n in names:
            shutil.copy2(staging / n, dest / n)
        log.info("%s: %d files -> %s", family, len(names), dest)

    def refresh_cache(self):
        if shutil.which("fc-cache") is None:
            log.warning("fc-cache not found; log out and back in to pick up fonts")
            return
        self._run("fc-cache", "-f", str(self.target))

    def installed(self):
        if not self.target.exists():
            return []
        return sorted(p.name for p in self.target.iterdir() if p.is_dir())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("families", nargs="*", default=["JetBrainsMono"])
    ap.add_argument("--release", default="v3.2.1")
    ap.add_argument("--dest", default=str(USER_DIR))
    ap.add_argument("--list", action="store_true", help="show installed families and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    inst = Installer(args.dest)
    if args.list:
        print("\n".join(inst.installed()) or "(none)")
        return 0

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
            except (RuntimeError, zipfile.BadZipFile, OSError) as exc:
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
