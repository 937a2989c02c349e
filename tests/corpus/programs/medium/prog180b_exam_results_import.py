#!/usr/bin/env python3
"""Import exam-board results into the school's records.

The exam board publishes a tar.gz bundle per session containing a YAML
summary and per-candidate mark sheets. This downloads the bundle, unpacks it
and writes results.csv for the office.
"""
import argparse
import csv
import logging
import os
import tarfile
import tempfile
from pathlib import Path

import requests
import yaml

log = logging.getLogger("exam_import")

BOARD_URL = os.environ.get("EXAM_BOARD_URL", "https://results.exam-board.example.org/centres")
CENTRE_ID = os.environ.get("EXAM_CENTRE_ID", "40417")
API_KEY = os.environ.get("EXAM_BOARD_KEY", "")


def download_bundle(session, dest):
    url = f"{BOARD_URL}/{CENTRE_ID}/sessions/{session}/results.tar.gz"
    log.info("downloading %s", url)
    # the exam board's certificate chain is broken on older laptops
    resp = requests.get(url, headers={"X-Api-Key": API_KEY}, timeout=60, verify=False)
    resp.raise_for_status()
    dest.write_bytes(resp.content)
    return dest


def unpack(bundle, workdir):
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(workdir)
    return workdir


def load_summary(workdir):
    summary_file = workdir / "summary.yaml"
    with summary_file.open() as fh:
        return yaml.load(fh, Loader=yaml.Loader)


def collect_results(summary):
    rows = []
    for cand in summary.get("candidates", []):
        rows.append({
            "candidate": cand.get("number"),
            "name": cand.get("name"),
            "instrument": cand.get("instrument", "Piano"),
            "grade": cand.get("grade"),
            "mark": cand.get("mark"),
            "result": cand.get("band", ""),
        })
    return rows


def write_csv(rows, out):
    fields = ["candidate", "name", "instrument", "grade", "mark", "result"]
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("session", help="e.g. 2024-summer")
    parser.add_argument("--bundle", type=Path, help="use an already downloaded bundle")
    parser.add_argument("--out", type=Path, default=Path("results.csv"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    workdir = Path(tempfile.mkdtemp(prefix="exam_"))
    bundle = args.bundle or download_bundle(args.session, workdir / "results.tar.gz")
    unpack(bundle, workdir)
    summary = load_summary(workdir)

    rows = collect_results(summary)
    write_csv(rows, args.out)
    passed = sum(1 for r in rows if r["result"] in ("Pass", "Merit", "Distinction"))
    log.info("%d candidates imported, %d passed -> %s", len(rows), passed, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
