#!/usr/bin/env python3
"""Import x-ray archives received from referring practices.

Referring dentists send a .tar.gz of DICOM files plus a YAML manifest
describing the patient and the studies. This tool unpacks the archive
into the import area, reads the manifest, and keeps a cached index of
imported studies so repeated imports are skipped.
"""
import argparse
import logging
import os
import pickle
import shutil
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("xray-import")

IMPORT_ROOT = Path("imports")
INDEX_CACHE = Path("import_index.pkl")
STAGING = "/tmp/xray_import_staging"


class StudyIndex:
    """Study UID -> patient id, cached between runs."""

    def __init__(self, path: Path):
        self.path = path
        self.studies = {}
        if path.exists():
            try:
                with path.open("rb") as fh:
                    self.studies = pickle.load(fh)
            except (pickle.UnpicklingError, EOFError) as exc:
                log.warning("index cache unreadable (%s); rebuilding", exc)

    def seen(self, uid: str) -> bool:
        return uid in self.studies

    def add(self, uid: str, patient: str):
        self.studies[uid] = patient

    def save(self):
        with self.path.open("wb") as fh:
            pickle.dump(self.studies, fh)


def unpack(archive: Path) -> Path:
    staging = Path(STAGING)
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(staging)
    return staging


def read_manifest(folder: Path) -> dict:
    for name in ("manifest.yaml", "manifest.yml"):
        p = folder / name
        if p.exists():
            with p.open() as fh:
                return yaml.load(fh, Loader=yaml.Loader) or {}
    raise FileNotFoundError("archive has no manifest")


def import_archive(archive: Path, index: StudyIndex) -> int:
    staging = unpack(archive)
    manifest = read_manifest(staging)
    patient = str(manifest.get("patient_id", "unknown"))
    imported = 0
    for study in manifest.get("studies", []):
        uid = study.get("uid")
        if not uid or index.seen(uid):
            log.info("skipping study %s", uid)
            continue
        dest = IMPORT_ROOT / patient / uid
        dest.mkdir(parents=True, exist_ok=True)
        for rel in study.get("files", []):
            src = staging / rel
            if src.is_file():
                shutil.copy2(src, dest / src.name)
        index.add(uid, patient)
        imported += 1
        log.info("imported study %s for patient %s", uid, patient)
    shutil.rmtree(staging, ignore_errors=True)
    return imported


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("archives", nargs="+", type=Path)
    ap.add_argument("--index", type=Path, default=INDEX_CACHE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    IMPORT_ROOT.mkdir(exist_ok=True)
    index = StudyIndex(args.index)
    total = 0
    for archive in args.archives:
        if not archive.is_file():
            log.error("not found: %s", archive)
            continue
        try:
            total += import_archive(archive, index)
        except (tarfile.TarError, yaml.YAMLError, FileNotFoundError) as exc:
            log.error("%s: %s", archive.name, exc)
    index.save()
    log.info("imported %d studies from %d archives", total, len(args.archives))
    return 0 if total or not args.archives else 1


if __name__ == "__main__":
    raise SystemExit(main())
