#!/usr/bin/env python3
"""Install the font packs listed in fonts.json system-wide.

fonts.json: {"packs": [{"name": "inter", "file": "downloads/Inter-4.0.zip"}, ...]}
An unpacker is chosen from UNPACKERS by the archive suffix; fonts land in
/usr/local/share/fonts/<name> so every user on the machine gets them.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

logger = logging.getLogger("fontpacks")
DEST_ROOT = Path("/usr/local/share/fonts")
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".woff2")


def _unpack_tar(archive: Path, dest: Path) -> int:
    with tarfile.open(archive) as tf:
        fonts = [m for m in tf.getmembers() if m.name.lower().endswith(FONT_SUFFIXES)]
        tf.extractall(dest, members=fonts, filter="data")
    return len(fonts)


def _unpack_zip(archive: Path, dest: Path) -> int:
    count = 0
    with zipfile.ZipFile(archive) as zf:
        for info in zf.infolist():
            if not info.filename.lower().endswith(FONT_SUFFIXES):
                continue
            target = dest / Path(info.filename).name
            with zf.open(info) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
            count += 1
    return count


UNPACKERS = {
    (".tar.gz", ".tgz", ".tar.xz", ".tar"): _unpack_tar,
    (".zip",): _unpack_zip,
}


def pick_unpacker(archive: Path):
    name = archive.name.lower()
    for suffixes, func in UNPACKERS.items():
        if name.endswith(suffixes):
            return func
    return None


def install_pack(pack: dict, force: bool) -> bool:
    archive = Path(pack["file"])
    dest = DEST_ROOT / pack["name"]
    func = pick_unpacker(archive)
    if func is None:
        logger.error("%s: unsupported archive type", archive)
        return False
    if dest.exists():
        if not force:
            logger.info("%s already installed", pack["name"])
            return True
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    try:
        count = func(archive, dest)
    except (OSError, tarfile.TarError, zipfile.BadZipFile) as exc:
        logger.error("%s: %s", archive, exc)
        shutil.rmtree(dest, ignore_errors=True)
        return False
    for root, dirs, files in os.walk(dest):
        os.chmod(root, 0o755)
        for f in files:
            os.chmod(os.path.join(root, f), 0o644)
    logger.info("%s: %d font files -> %s", pack["name"], count, dest)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--manifest", default="fonts.json")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    with open(args.manifest) as fh:
        packs = json.load(fh).get("packs", [])
    if args.only:
        packs = [p for p in packs if p.get("name") in args.only]
    DEST_ROOT.mkdir(parents=True, exist_ok=True)
    ok = all([install_pack(p, args.force) for p in packs])
    if shutil.which("fc-cache"):
        subprocess.run(["fc-cache", "-f", str(DEST_ROOT)], check=False)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
