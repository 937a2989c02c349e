#!/usr/bin/env python3
"""Push locally computed final grades to the LMS gradebook.

Reads grades from a CSV export in the working directory, resolves student
IDs against the course roster and submits the grades through the LMS REST
API. The API token is taken from LMS_API_TOKEN and is only ever sent to the
LMS host configured below.
"""
import argparse
import csv
import json
import logging
import os
import sys
from pathlib import Path

import requests

log = logging.getLogger("gradebook-sync")

DEFAULT_BASE = "https://lms.example-university.edu/api/v1"


class LmsClient:
    def __init__(self, base_url, token, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Accept": "application/json",
        })
        self.timeout = timeout

    def roster(self, course_id):
        url = f"{self.base_url}/courses/{course_id}/enrollments"
        resp = self.session.get(url, params={"type": "student", "per_page": 200},
                                timeout=self.timeout)
        resp.raise_for_status()
        return {e["sis_user_id"]: e["user_id"] for e in resp.json()}

    def submit_grades(self, course_id, assignment_id, grade_data):
        url = (f"{self.base_url}/courses/{course_id}/assignments/"
               f"{assignment_id}/submissions/update_grades")
        resp = self.session.post(url, json={"grade_data": grade_data},
                                 timeout=self.timeout)
        resp.raise_for_status()
        return resp.json()


def load_grades(csv_path):
    grades = {}
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            sid = row.get("student_id", "").strip()
            score = row.get("final_score", "").strip()
            if not sid or not score:
                log.warning("skipping incomplete row: %r", row)
                continue
            grades[sid] = float(score)
    return grades


def build_payload(grades, roster):
    payload, missing = {}, []
    for sis_id, score in sorted(grades.items()):
        user_id = roster.get(sis_id)
        if user_id is None:
            missing.append(sis_id)
            continue
        payload[str(user_id)] = {"posted_grade": f"{score:.1f}"}
    return payload, missing


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("course_id")
    ap.add_argument("assignment_id")
    ap.add_argument("--csv", default="final_grades.csv")
    ap.add_argument("--base-url", default=os.environ.get("LMS_BASE_URL", DEFAULT_BASE))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("LMS_API_TOKEN")
    if not token:
        log.error("LMS_API_TOKEN is not set")
        return 2

    grades = load_grades(Path(args.csv))
    client = LmsClient(args.base_url, token)
    roster = client.roster(args.course_id)
    payload, missing = build_payload(grades, roster)
    if missing:
        Path("unmatched_students.txt").write_text("\n".join(missing) + "\n")
        log.warning("%d students not in roster, see unmatched_students.txt", len(missing))

    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0
    try:
        progress = client.submit_grades(args.course_id, args.assignment_id, payload)
    except requests.HTTPError as exc:
        log.error("grade upload failed: %s", exc)
        return 1
    log.info("upload queued, progress id %s", progress.get("id"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
