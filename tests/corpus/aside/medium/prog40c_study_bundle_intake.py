#!/usr/bin/env python3
"""Intake of imaging study bundles delivered by partner sites.

Each partner drops a .tar.gz bundle into ./inbox. We unpack it into
./studies/<bundle>, dump the header of each DICOM object with DCMTK's
dcmdump and collect a per-bundle summary of modalities and series counts.
"""
import argparse
import collections
import json
import logging
import subprocess
import tarfile
from pathlib import Path

LOGGER = logging.getLogger("bundle_intake")
TAGS_OF_INTEREST = {
    "(0008,0060)": "Modality",
    "(0020,000e)": "SeriesInstanceUID",
    "(0008,0020)": "StudyDate",
}


def unpack(bundle: Path, dest_root: Path) -> Path:
    dest = dest_root / bundle.name.split(".")[0]
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, mode="r:*") as archive:
        archive.extractall(path=dest)
    return dest


def dump_header(dicom_file: Path) -> dict:
    proc = subprocess.run(
        ["dcmdump", "--print-short", "--search", "0008,0060",
         "--search", "0020,000e", "--search", "0008,0020", str(dicom_file)],
        capture_output=True, text=True, timeout=60,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "dcmdump failed")
    values = {}
    for line in proc.stdout.splitlines():
        tag = line[:11].lower()
        if tag in TAGS_OF_INTEREST and "[" in line:
            values[TAGS_OF_INTEREST[tag]] = line.split("[", 1)[1].split("]", 1)[0]
    return values


def summarise(study_dir: Path) -> dict:
    modalities = collections.Counter()
    series = set()
    errors = 0
    for path in study_dir.rglob("*"):
        if not path.is_file() or path.suffix.lower() not in ("", ".dcm"):
            continue
        try:
            hdr = dump_header(path)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            errors += 1
            LOGGER.debug("%s: %s", path, exc)
            continue
        modalities[hdr.get("Modality", "??")] += 1
        series.add(hdr.get("SeriesInstanceUID"))
    return {"modalities": dict(modalities), "series": len(series), "unreadable": errors}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", type=Path, default=Path("inbox"))
    ap.add_argument("--studies", type=Path, default=Path("studies"))
    ap.add_argument("--report", type=Path, default=Path("intake_report.json"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    report = {}
    for bundle in sorted(args.inbox.glob("*.tar*")):
        LOGGER.info("unpacking %s", bundle.name)
        try:
            study_dir = unpack(bundle, args.studies)
        except tarfile.TarError as exc:
            LOGGER.error("%s is not a valid archive: %s", bundle.name, exc)
            continue
        report[bundle.name] = summarise(study_dir)
        bundle.rename(bundle.with_name(bundle.name + ".processed"))

    args.report.write_text(json.dumps(report, indent=2))
    LOGGER.info("processed %d bundles", len(report))


if __name__ == "__main__":
    main()
