"""``gridplot-install-data`` - post-install step for the gridplot wheel.

Wheels cannot place files outside site-packages, so the package ships its
man pages, shared MIME definition and docs as package data and this console
script copies them into the system data directories.
"""
import argparse
import gzip
import logging
import os
import shutil
import sys
from importlib import resources
from pathlib import Path

log = logging.getLogger("gridplot.install_data")

PREFIX = Path(os.environ.get("GRIDPLOT_DATA_PREFIX", "/usr/share"))

# (resource dir inside the package, destination relative to PREFIX, gzip?)
LAYOUT = [
    ("man/man1", "man/man1", True),
    ("man/man5", "man/man5", True),
    ("mime", "mime/packages", False),
    ("doc", "doc/gridplot", False),
]


def iter_resources(subdir):
    root = resources.files("gridplot").joinpath("data", *subdir.split("/"))
    if not root.is_dir():
        return
    for entry in root.iterdir():
        if entry.is_file():
            yield entry


def install_file(entry, dest_dir, compress, dry_run):
    dest_dir.mkdir(parents=True, exist_ok=True) if not dry_run else None
    name = entry.name + (".gz" if compress else "")
    dest = dest_dir / name
    log.info("install %s -> %s", entry.name, dest)
    if dry_run:
        return dest
    data = entry.read_bytes()
    if compress:
        with gzip.open(dest, "wb", compresslevel=9) as out:
            out.write(data)
    else:
        dest.write_bytes(data)
    os.chmod(dest, 0o644)
    return dest


def refresh_caches(dry_run):
    mime_db = PREFIX / "mime"
    tool = shutil.which("update-mime-database")
    if tool and not dry_run:
        os.spawnv(os.P_WAIT, tool, [tool, str(mime_db)])
    mandb = shutil.which("mandb")
    if mandb and not dry_run:
        os.spawnv(os.P_WAIT, mandb, [mandb, "-q"])


def uninstall(dry_run):
    removed = 0
    for subdir, rel, compress in LAYOUT:
        for entry in iter_resources(subdir):
            dest = PREFIX / rel / (entry.name + (".gz" if compress else ""))
            if dest.exists():
                log.info("remove %s", dest)
                if not dry_run:
                    dest.unlink()
                removed += 1
    return removed


def main(argv=None):
    ap = argparse.ArgumentParser(prog="gridplot-install-data")
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    if not args.dry_run and not os.access(PREFIX, os.W_OK):
        log.error("%s is not writable - run as root or set GRIDPLOT_DATA_PREFIX", PREFIX)
        return 1

    if args.uninstall:
        log.info("removed %d files", uninstall(args.dry_run))
        return 0

    installed = []
    for subdir, rel, compress in LAYOUT:
        for entry in iter_resources(subdir):
            installed.append(install_file(entry, PREFIX / rel, compress, args.dry_run))
    refresh_caches(args.dry_run)
    log.info("installed %d files under %s", len(installed), PREFIX)
    return 0


if __name__ == "__main__":
    sys.exit(main())
