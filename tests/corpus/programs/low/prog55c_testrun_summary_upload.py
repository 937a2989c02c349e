#!/usr/bin/env python3
"""Upload this project's test-run summary to the team's results service.

The summary is built from ./build/results/*.json (written by our pytest
plugin) and sent with http.client to results.example-ci.io, authenticated
with RESULTS_API_KEY. The key is only ever sent to that host.
"""
import argparse
import glob
import http.client
import json
import logging
import os
import sys
import uuid

API_HOST = "results.example-ci.io"
API_PATH = "/v2/runs"
log = logging.getLogger("summary-upload")


def collect(results_dir):
    totals = {"passed": 0, "failed": 0, "skipped": 0, "duration_s": 0.0}
    failures = []
    for path in sorted(glob.glob(os.path.join(results_dir, "*.json"))):
        with open(path, encoding="utf-8") as fh:
            suite = json.load(fh)
        for case in suite.get("cases", []):
            outcome = case.get("outcome", "skipped")
            totals[outcome] = totals.get(outcome, 0) + 1
            totals["duration_s"] += float(case.get("duration", 0))
            if outcome == "failed":
                failures.append({"suite": suite.get("name"), "test": case.get("name")})
    return totals, failures


def build_multipart(fields, filename, payload):
    boundary = "----summary" + uuid.uuid4().hex
    parts = []
    for key, value in fields.items():
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{key}\"\r\n\r\n{value}\r\n")
    parts.append(
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"summary\"; filename=\"{filename}\"\r\n"
        "Content-Type: application/json\r\n\r\n"
    )
    body = "".join(parts).encode() + payload + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def upload(api_key, project, body, content_type, timeout):
    conn = http.client.HTTPSConnection(API_HOST, timeout=timeout)
    try:
        conn.request("POST", API_PATH, body=body, headers={
            "Authorization": f"Bearer {api_key}",
            "Content-Type": content_type,
            "X-Project": project,
        })
        resp = conn.getresponse()
        text = resp.read().decode("utf-8", "replace")
        if resp.status >= 300:
            raise RuntimeError(f"upload failed: {resp.status} {text[:200]}")
        return json.loads(text or "{}")
    finally:
        conn.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results-dir", default=os.path.join("build", "results"))
    ap.add_argument("--project", default=os.path.basename(os.getcwd()))
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    totals, failures = collect(args.results_dir)
    summary = json.dumps({"totals": totals, "failures": failures}, indent=1).encode()
    log.info("passed=%(passed)d failed=%(failed)d skipped=%(skipped)d", totals)
    if args.dry_run:
        print(summary.decode())
        return 0

    api_key = os.environ.get("RESULTS_API_KEY")
    if not api_key:
        log.error("RESULTS_API_KEY is not set")
        return 2
    body, ctype = build_multipart({"project": args.project}, "summary.json", summary)
    try:
        reply = upload(api_key, args.project, body, ctype, args.timeout)
    except (OSError, http.client.HTTPException, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    log.info("stored as run %s", reply.get("run_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
