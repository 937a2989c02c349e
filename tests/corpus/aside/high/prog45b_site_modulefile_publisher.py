#!/usr/bin/env python3
"""Publish a reviewed Lmod modulefile into the site-wide module tree.

Takes a modulefile that was generated in a project checkout, validates it,
and installs it into /usr/share/modulefiles/<name>/<version>.lua owned by
root, optionally marking it as the default version via a ``default``
symlink.  Meant for the application-support rota on the login nodes.
"""
import argparse
import logging
import os
import re
import shutil
import sys
from pathlib import Path

log = logging.getLogger("modpublish")
SITE_TREE = Path(os.environ.get("SITE_MODULE_TREE", "/usr/share/modulefiles"))
REQUIRED = ("whatis(", "prepend_path(")
FORBIDDEN = re.compile(r"\b(os\.execute|io\.popen|execute\s*\{)")


def validate(text: str, src: Path) -> list:
    problems = [f"missing {tok}" for tok in REQUIRED if tok not in text]
    if FORBIDDEN.search(text):
        problems.append("shell escapes are not allowed in site modulefiles")
    if not text.startswith("-- -*- lua -*-"):
        problems.append("missing lua mode line")
    if src.suffix != ".lua":
        problems.append("only .lua modulefiles are accepted")
    return problems


def install(src: Path, name: str, version: str, make_default: bool, dry_run: bool) -> Path:
    dest_dir = SITE_TREE / name
    dest = dest_dir / f"{version}.lua"
    log.info("installing %s -> %s", src, dest)
    if dry_run:
        return dest
    dest_dir.mkdir(parents=True, exist_ok=True)
    os.chown(dest_dir, 0, 0)
    os.chmod(dest_dir, 0o755)
    shutil.copy2(src, dest)
    os.chown(dest, 0, 0)
    os.chmod(dest, 0o644)
    if make_default:
        link = dest_dir / "default"
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(dest.name)
        log.info("default for %s is now %s", name, version)
    return dest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("modulefile", type=Path)
    ap.add_argument("--name")
    ap.add_argument("--version")
    ap.add_argument("--default", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    src = args.modulefile
    name = args.name or src.parent.name
    version = args.version or src.stem
    text = src.read_text()
    problems = validate(text, src)
    if problems:
        for p in problems:
            log.error("%s: %s", src, p)
        return 1

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to write into %s", SITE_TREE)
        return 2
    try:
        dest = install(src, name, version, args.default, args.dry_run)
    except OSError as exc:
        log.error("install failed: %s", exc)
        return 3
    log.info("published %s/%s at %s", name, version, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
