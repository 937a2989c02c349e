#!/usr/bin/env python3
"""Push final autograder scores into the course LMS gradebook.

Reads grades.csv (produced by the autograder in this directory) and posts
each student's score to the LMS REST API for the given assignment.  The
API token is taken from LMS_API_TOKEN and only ever sent to LMS_BASE_URL.
"""

import argparse
import csv
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("lms_upload")

DEFAULT_BASE = "https://lms.example-university.edu/api/v1"


class LMSClient:
    def __init__(self, base_url, token, course_id, dry_run=False):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.course_id = course_id
        self.dry_run = dry_run

    def _post_json(self, path, payload):
        url = f"{self.base_url}{path}"
        body = json.dumps(payload).encode("utf-8")
        req = urllib.request.Request(
            url,
            data=body,
            method="POST",
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        if self.dry_run:
            log.info("DRY RUN POST %s %s", url, payload)
            return {"dry_run": True}
        with urllib.request.urlopen(req, timeout=20) as resp:
            return json.loads(resp.read().decode("utf-8") or "{}")

    def submit_grade(self, assignment_id, student_id, score, comment):
        path = (f"/courses/{self.course_id}/assignments/{assignment_id}"
                f"/submissions/{student_id}/grade")
        payload = {"posted_grade": score}
        if comment:
            payload["comment"] = {"text_comment": comment}
        return self._post_json(path, payload)


def load_grades(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                score = float(row["score"])
            except (KeyError, ValueError):
                log.warning("skipping malformed row: %r", row)
                continue
            rows.append({
                "student_id": row["lms_id"].strip(),
                "score": round(score, 2),
                "comment": row.get("feedback", "").strip(),
            })
    return rows


def upload_all(client, assignment_id, grades, retries=3):
    ok, failed = 0, []
    for entry in grades:
        for attempt in range(1, retries + 1):
            try:
                client.submit_grade(assignment_id, entry["student_id"],
                                    entry["score"], entry["comment"])
                ok += 1
                break
            except urllib.error.HTTPError as exc:
                log.warning("HTTP %s for %s (attempt %d)", exc.code,
                            entry["student_id"], attempt)
                if exc.code in (400, 404):
                    failed.append(entry["student_id"])
                    break
            except urllib.error.URLError as exc:
                log.warning("network error %s (attempt %d)", exc.reason, attempt)
            time.sleep(2 ** attempt)
        else:
            failed.append(entry["student_id"])
    return ok, failed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("assignment_id")
    parser.add_argument("--grades", default="grades.csv")
    parser.add_argument("--course", default=os.environ.get("LMS_COURSE_ID", "4821"))
    parser.add_argument("--base-url", default=os.environ.get("LMS_BASE_URL", DEFAULT_BASE))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    token = os.environ.get("LMS_API_TOKEN")
    if not token and not args.dry_run:
        log.error("LMS_API_TOKEN is not set")
        return 2

    grades = load_grades(args.grades)
    log.info("loaded %d grades from %s", len(grades), args.grades)
    client = LMSClient(args.base_url, token, args.course, dry_run=args.dry_run)
    ok, failed = upload_all(client, args.assignment_id, grades)
    log.info("uploaded %d grades, %d failed", ok, len(failed))
    if failed:
        with open("upload_failures.txt", "w", encoding="utf-8") as fh:
            fh.write("\n".join(failed) + "\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
