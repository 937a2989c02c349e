#!/usr/bin/env python3
"""Export student training dives to the certification agency's logbook API.

Reads ./training_dives.csv, groups the dives per student and course, and
posts each group as JSON to the agency API using the school's API key.
"""
import argparse
import csv
import importlib
import json
import logging
import os
import pathlib
from collections import defaultdict
from dataclasses import asdict, dataclass, field

log = logging.getLogger("logbook-export")

API_URL = os.environ.get("AGENCY_API", "https://api.example.org/v1/logbook/dives")
KEY_VAR = "_".join(["AGENCY", "API", "KEY"])


@dataclass
class Dive:
    date: str
    site: str
    max_depth_m: float
    bottom_time_min: int
    skills: list = field(default_factory=list)


@dataclass
class Submission:
    student_id: str
    course: str
    instructor: str
    dives: list = field(default_factory=list)


def load(path: pathlib.Path) -> list:
    groups = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = (row["student_id"], row["course"])
            sub = groups.setdefault(key, Submission(row["student_id"], row["course"], row["instructor"]))
            sub.dives.append(Dive(
                date=row["date"],
                site=row["site"],
                max_depth_m=float(row["max_depth_m"]),
                bottom_time_min=int(row["bottom_time_min"]),
                skills=[s.strip() for s in row.get("skills", "").split(";") if s.strip()],
            ))
    return list(groups.values())


def make_client(url: str, key: str, timeout: float):
    req_mod = importlib.import_module("urllib.request")
    send = getattr(req_mod, "urlopen")

    def post(sub: Submission) -> int:
        req = req_mod.Request(
            url,
            data=json.dumps(asdict(sub)).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
            method="POST",
        )
        with send(req, timeout=timeout) as resp:
            return resp.status

    return post


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=pathlib.Path, nargs="?", default=pathlib.Path("training_dives.csv"))
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get(KEY_VAR)
    if not key and not args.dry_run:
        raise SystemExit(f"{KEY_VAR} is not set")

    submissions = load(args.csv)
    outcome = defaultdict(int)
    handlers = {
        True: lambda s: log.info("would send %s/%s (%d dives)", s.student_id, s.course, len(s.dives)) or 0,
        False: make_client(API_URL, key, args.timeout) if key else None,
    }
    handler = handlers[args.dry_run]
    for sub in submissions:
        try:
            status = handler(sub)
            outcome["ok" if status in (0, 200, 201) else "other"] += 1
        except OSError as exc:
            log.warning("failed for %s/%s: %s", sub.student_id, sub.course, exc)
            outcome["failed"] += 1
    log.info("done: %s", dict(outcome))


if __name__ == "__main__":
    main()
