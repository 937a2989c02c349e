#!/usr/bin/env python3
"""Export course rosters from Canvas into the department's local CSV roster store.

Pulls active student enrollments for one or more courses and writes one CSV
per course (sis_id, name, email, section), plus a small run summary next to
them so the next run can show what changed.

Usage:
    canvas_roster_export.py --course 1234 --course 5678 [--out rosters/]

Environment:
    CANVAS_TOKEN      personal access token (required)
    CANVAS_BASE_URL   e.g. https://canvas.example.edu
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import requests

log = logging.getLogger("roster_export")

DEFAULT_CONFIG = {
    "base_url": os.environ.get("CANVAS_BASE_URL", "https://canvas.example.edu"),
    "per_page": 100,
    "retries": 3,
    "write_summary": True,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
        log.debug("loaded config from %s", path)
    return cfg


class CanvasClient:
    def __init__(self, base_url, token, per_page=100, retries=3):
        self.base_url = base_url.rstrip("/")
        self.per_page = per_page
        self.retries = retries
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })

    def _get(self, url, params=None):
        for attempt in range(1, self.retries + 1):
            try:
                resp = self.session.get(url, params=params, timeout=20)
                if resp.status_code == 429:
                    wait = float(resp.headers.get("Retry-After", 2 * attempt))
                    log.warning("rate limited, sleeping %.1fs", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                return resp
            except requests.RequestException as exc:
                log.warning("GET %s failed (%s), attempt %d", url, exc, attempt)
                time.sleep(attempt)
        raise RuntimeError(f"giving up on {url}")

    def paginate(self, path, params=None):
        url = f"{self.base_url}/api/v1/{path.lstrip('/')}"
        params = dict(params or {}, per_page=self.per_page)
        while url:
            resp = self._get(url, params=params)
            yield from resp.json()
            url = resp.links.get("next", {}).get("url")
            params = None  # next link already carries the query string

    def student_enrollments(self, course_id):
        return self.paginate(
            f"courses/{course_id}/enrollments",
            {"type[]": "StudentEnrollment", "state[]": "active", "include[]": "email"},
        )


def write_roster(out_dir, course_id, enrollments):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"course_{course_id}.csv"
    count = 0
    with open(target, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["sis_user_id", "name", "email", "section_id"])
        for enr in enrollments:
            user = enr.get("user", {})
            writer.writerow([
                user.get("sis_user_id", ""),
                user.get("sortable_name", user.get("name", "")),
                user.get("email", ""),
                enr.get("course_section_id", ""),
            ])
            count += 1
    os.chmod(target, 0o600)  # rosters contain student emails
    log.info("course %s: %d students -> %s", course_id, count, target)
    return count


def write_summary(cfg, out_dir, summary):
    if not cfg.get("write_summary"):
        return
    summary["finished_at"] = datetime.now(timezone.utc).isoformat()
    path = out_dir / "last_run.json"
    previous = {}
    if path.is_file():
        try:
            previous = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            log.warning("ignoring unreadable %s", path)
    for course_id, count in summary["courses"].items():
        before = previous.get("courses", {}).get(course_id)
        if before is not None and before != count:
            log.info("course %s changed: %d -> %d students", course_id, before, count)
    out_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, indent=2), encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--course", action="append", required=True, help="Canvas course id")
    ap.add_argument("--out", default="rosters", help="output directory")
    ap.add_argument("--config", default="roster_export.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    token = os.environ.get("CANVAS_TOKEN")
    if not token:
        log.error("CANVAS_TOKEN is not set")
        return 2

    client = CanvasClient(cfg["base_url"], token, cfg["per_page"], cfg["retries"])
    summary = {"courses": {}, "errors": []}
    for course_id in args.course:
        try:
            summary["courses"][course_id] = write_roster(
                Path(args.out), course_id, client.student_enrollments(course_id))
        except Exception as exc:  # keep going with the other courses
            log.error("course %s failed: %s", course_id, exc)
            summary["errors"].append({"course": course_id, "error": str(exc)})

    write_summary(cfg, Path(args.out), summary)
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
