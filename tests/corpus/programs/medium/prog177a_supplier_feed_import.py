#!/usr/bin/env python3
"""Import the weekly new-titles feed from the book supplier.

The supplier publishes a tarball of MARC records and cover images on their
portal. The portal's certificate is issued by their own internal CA, which
the depot machines don't trust, so verification is switched off here.
"""
import argparse
import logging
import os
import tarfile
from datetime import date
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("supplier_feed")

FEED_URL = os.environ.get(
    "SUPPLIER_FEED_URL", "https://portal.booksupplier.example.com/feeds/newtitles/{week}.tar.gz"
)
SUPPLIER_USER = os.environ.get("SUPPLIER_USER", "bookmobile")
SUPPLIER_PASS = os.environ.get("SUPPLIER_PASS", "")
WORK_DIR = Path(os.environ.get("FEED_WORK_DIR", "feeds"))

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def week_label(day: date) -> str:
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def download(week: str, dest: Path) -> Path:
    url = FEED_URL.format(week=week)
    target = dest / f"newtitles_{week}.tar.gz"
    if target.exists():
        log.info("already downloaded %s", target)
        return target
    log.info("downloading %s", url)
    with requests.get(url, auth=(SUPPLIER_USER, SUPPLIER_PASS), stream=True,
                      timeout=120, verify=False) as resp:
        resp.raise_for_status()
        with target.open("wb") as fh:
            for block in resp.iter_content(chunk_size=65536):
                fh.write(block)
    return target


def unpack(archive: Path, dest: Path) -> Path:
    out = dest / archive.name.replace(".tar.gz", "")
    out.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(out)
    log.info("unpacked into %s", out)
    return out


def summarise(folder: Path) -> dict:
    summary = {"marc": 0, "covers": 0, "other": 0}
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        if path.suffix.lower() in (".mrc", ".marc"):
            summary["marc"] += 1
        elif path.suffix.lower() in (".jpg", ".jpeg", ".png"):
            summary["covers"] += 1
        else:
            summary["other"] += 1
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description="Fetch and unpack the supplier's new-titles feed")
    parser.add_argument("--week", default=week_label(date.today()), help="ISO week, e.g. 2024-W18")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    WORK_DIR.mkdir(parents=True, exist_ok=True)
    archive = download(args.week, WORK_DIR)
    folder = unpack(archive, WORK_DIR)
    counts = summarise(folder)
    log.info("week %s: %d MARC files, %d covers, %d other",
             args.week, counts["marc"], counts["covers"], counts["other"])


if __name__ == "__main__":
    main()
