#!/usr/bin/env python3
"""Install font packs listed in fonts.toml for the current user.

Each pack is a .tar.gz/.tar.xz published by a foundry.  Packs are
downloaded, unpacked into ~/.local/share/fonts/<pack> and the fontconfig
cache is refreshed so desktop apps pick the new families up.
"""
import argparse
import hashlib
import logging
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from urllib.request import Request, urlopen

LOG = logging.getLogger("fontpack")
FONT_ROOT = Path.home() / ".local" / "share" / "fonts"
CACHE_DIR = Path(".fontpack-cache")
FONT_SUFFIXES = {".ttf", ".otf", ".ttc", ".woff2"}


class FontPack:
    def __init__(self, name, spec):
        self.name = name
        self.url = spec["url"]
        self.sha256 = spec.get("sha256", "").lower()
        self.families = spec.get("families", [])

    @property
    def archive(self):
        return CACHE_DIR / Path(self.url).name

    @property
    def target(self):
        return FONT_ROOT / self.name


def load_config(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    return [FontPack(name, spec) for name, spec in data.get("pack", {}).items()]


def fetch(pack, timeout):
    CACHE_DIR.mkdir(exist_ok=True)
    if pack.archive.exists():
        LOG.debug("cached %s", pack.archive)
    else:
        LOG.info("downloading %s", pack.url)
        req = Request(pack.url, headers={"User-Agent": "fontpack/0.9"})
        with urlopen(req, timeout=timeout) as resp, open(pack.archive, "wb") as out:
            shutil.copyfileobj(resp, out)
    if pack.sha256:
        digest = hashlib.sha256(pack.archive.read_bytes()).hexdigest()
        if digest != pack.sha256:
            pack.archive.unlink()
            raise ValueError(f"{pack.name}: checksum mismatch")
    return pack.archive


def unpack(pack):
    if pack.target.exists():
        shutil.rmtree(pack.target)
    pack.target.mkdir(parents=True)
    with tarfile.open(pack.archive) as tar:
        tar.extractall(pack.target)
    fonts = [p for p in pack.target.rglob("*") if p.suffix.lower() in FONT_SUFFIXES]
    LOG.info("%s: %d font files", pack.name, len(fonts))
    return fonts


def refresh_cache(paths):
    cmd = ["fc-cache", "-f"] + [str(p) for p in paths]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        LOG.warning("fc-cache: %s", result.stderr.strip())


def verify_families(pack):
    missing = []
    for family in pack.families:
        out = subprocess.run(["fc-list", f":family={family}", "family"],
                             capture_output=True, text=True).stdout
        if not out.strip():
            missing.append(family)
    return missing


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="fonts.toml")
    ap.add_argument("--only", nargs="*", help="install only these packs")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        packs = load_config(args.config)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read %s: %s", args.config, exc)
        return 2
    if args.only:
        packs = [p for p in packs if p.name in args.only]

    installed = []
    for pack in packs:
        try:
            fetch(pack, args.timeout)
            if unpack(pack):
                installed.append(pack)
        except (OSError, ValueError, tarfile.TarError) as exc:
            LOG.error("%s failed: %s", pack.name, exc)

    if installed:
        refresh_cache([p.target for p in installed])
        for pack in installed:
            missing = verify_families(pack)
            if missing:
                LOG.warning("%s: fontconfig does not see %s", pack.name, ", ".join(missing))
    print(f"{len(installed)}/{len(packs)} packs installed into {FONT_ROOT}")
    return 0 if len(installed) == len(packs) else 1


if __name__ == "__main__":
    sys.exit(main())
