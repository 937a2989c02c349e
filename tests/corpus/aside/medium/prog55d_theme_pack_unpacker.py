#!/usr/bin/env python3
"""Install a downloaded theme pack (.tar.gz) into the project's ./themes
directory and register it in themes/index.ini."""
import argparse
import configparser
import hashlib
import logging
import shutil
import sys
import tarfile
from pathlib import Path

logger = logging.getLogger("themes")
THEMES_ROOT = Path("themes")
INDEX = THEMES_ROOT / "index.ini"


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def theme_name_from(archive: tarfile.TarFile, fallback: str) -> str:
    tops = {m.name.split("/", 1)[0] for m in archive.getmembers() if m.name}
    return tops.pop() if len(tops) == 1 else fallback


def unpack(pack: Path, force: bool) -> str:
    with tarfile.open(pack, mode="r:*") as tf:
        name = theme_name_from(tf, pack.name.split(".")[0])
        dest = THEMES_ROOT / name
        if dest.exists():
            if not force:
                raise FileExistsError(f"theme {name} already installed")
            shutil.rmtree(dest)
        THEMES_ROOT.mkdir(exist_ok=True)
        logger.info("extracting %d member(s) from %s", len(tf.getmembers()), pack.name)
        tf.extractall(path=THEMES_ROOT)
    return name


def register(name: str, pack: Path) -> None:
    idx = configparser.ConfigParser()
    idx.read(INDEX)
    idx[name] = {
        "source": pack.name,
        "sha256": sha256_of(pack),
        "path": str(THEMES_ROOT / name),
    }
    if not idx.has_section("default"):
        idx["default"] = {"theme": name}
    with INDEX.open("w") as fh:
        idx.write(fh)


def list_installed() -> None:
    idx = configparser.ConfigParser()
    idx.read(INDEX)
    default = idx.get("default", "theme", fallback="")
    for section in idx.sections():
        if section == "default":
            continue
        mark = "*" if section == default else " "
        print(f"{mark} {section:20s} {idx[section].get('source', '?')}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("packs", nargs="*", type=Path)
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.list:
        list_installed()
        return 0
    failures = 0
    for pack in args.packs:
        try:
            name = unpack(pack, args.force)
            register(name, pack)
            logger.info("installed theme %s", name)
        except (OSError, tarfile.TarError) as exc:
            logger.error("%s: %s", pack, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
