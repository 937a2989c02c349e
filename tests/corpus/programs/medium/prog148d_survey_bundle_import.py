#!/usr/bin/env python3
"""Survey bundle importer.

The drone survey subcontractor uploads each roof survey as a .tar.gz
bundle with a YAML job sheet inside. This downloads the bundle from
their portal, unpacks it under ./surveys, reads the job sheet and
produces a one-line summary for the quoting spreadsheet.
"""
import argparse
import csv
import logging
import os
import sys
import tarfile
import tempfile

import requests
import urllib3
import yaml

LOG = logging.getLogger("bundle")

PORTAL = os.environ.get("SURVEY_PORTAL", "https://portal.example.net/api/bundles")
# The portal uses a certificate from the subcontractor's own CA that the
# office machines don't have, so checks are turned off for now.
VERIFY_TLS = False
SUMMARY_CSV = "survey_summary.csv"

if not VERIFY_TLS:
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def download(bundle_id: str, token: str) -> str:
    url = f"{PORTAL}/{bundle_id}/download"
    LOG.info("downloading %s", url)
    resp = requests.get(url, headers={"Authorization": f"Token {token}"},
                        verify=VERIFY_TLS, timeout=60, stream=True)
    resp.raise_for_status()
    fd, path = tempfile.mkstemp(suffix=".tar.gz")
    with os.fdopen(fd, "wb") as fh:
        for chunk in resp.iter_content(1 << 16):
            fh.write(chunk)
    return path


def unpack(archive: str, dest: str) -> str:
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(dest)
    LOG.info("unpacked to %s", dest)
    return dest


def read_job_sheet(folder: str) -> dict:
    for root, _, files in os.walk(folder):
        for name in files:
            if name in ("job.yaml", "job.yml"):
                with open(os.path.join(root, name)) as fh:
                    return yaml.load(fh, Loader=yaml.Loader)
    raise FileNotFoundError("no job.yaml in bundle")


def summarise(sheet: dict) -> dict:
    roofs = sheet.get("roofs", [])
    area = sum(float(r.get("area_m2", 0)) for r in roofs)
    defects = sum(len(r.get("defects", [])) for r in roofs)
    return {
        "job": sheet.get("job_ref", "?"),
        "site": sheet.get("site", "?"),
        "flown": sheet.get("flight_date", "?"),
        "roofs": len(roofs),
        "area_m2": round(area, 1),
        "defects": defects,
        "anchors_found": sheet.get("anchors", {}).get("count", 0),
    }


def append_summary(row: dict, path=SUMMARY_CSV):
    new = not os.path.exists(path)
    with open(path, "a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(row))
        if new:
            w.writeheader()
        w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle_id")
    ap.add_argument("--dest", default="surveys")
    ap.add_argument("--keep-archive", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    token = os.environ.get("SURVEY_PORTAL_TOKEN")
    if not token:
        sys.exit("set SURVEY_PORTAL_TOKEN")

    archive = download(args.bundle_id, token)
    try:
        folder = unpack(archive, os.path.join(args.dest, args.bundle_id))
        row = summarise(read_job_sheet(folder))
        append_summary(row)
        print(", ".join(f"{k}={v}" for k, v in row.items()))
    except (tarfile.TarError, yaml.YAMLError, FileNotFoundError) as exc:
        sys.exit(f"bad bundle {args.bundle_id}: {exc}")
    finally:
        if not args.keep_archive:
            os.remove(archive)


if __name__ == "__main__":
    main()
