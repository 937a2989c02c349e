#!/usr/bin/env python3
"""De-identify a folder of DICOM files for research export.

* Patient identifiers are replaced by a keyed pseudonym (HMAC-SHA256 with a
  project salt), so the same patient maps to the same pseudonym across runs.
* Tags listed in the profile file are blanked or removed.
* All study/series dates are shifted by a per-patient offset.
* A linkage table (pseudonym -> original ID) is kept locally for the data
  custodian, readable only by the current user.
"""

import argparse
import csv
import datetime as dt
import hashlib
import hmac
import logging
import os
import sys
from pathlib import Path

import pydicom
import yaml
from pydicom.errors import InvalidDicomError

LOG = logging.getLogger("dcm-anon")

DEFAULT_PROFILE = {
    "remove": ["OtherPatientIDs", "PatientAddress", "PatientTelephoneNumbers",
               "ReferringPhysicianName", "InstitutionAddress"],
    "blank": ["AccessionNumber", "PatientBirthName", "PatientMotherBirthName"],
    "dates": ["StudyDate", "SeriesDate", "AcquisitionDate", "ContentDate"],
}


class Pseudonymiser:
    def __init__(self, salt: bytes):
        self.salt = salt
        self.links = {}

    def pseudonym(self, patient_id: str) -> str:
        digest = hmac.new(self.salt, patient_id.encode(), hashlib.sha256).hexdigest()
        pid = "ANON" + digest[:12].upper()
        self.links[pid] = patient_id
        return pid

    def day_offset(self, patient_id: str) -> int:
        digest = hmac.new(self.salt, b"shift:" + patient_id.encode(), hashlib.sha256).digest()
        return -(int.from_bytes(digest[:2], "big") % 365 + 1)


def shift_date(value: str, days: int) -> str:
    try:
        d = dt.datetime.strptime(value, "%Y%m%d").date()
    except ValueError:
        return value
    return (d + dt.timedelta(days=days)).strftime("%Y%m%d")


def anonymise(ds, pseudo: Pseudonymiser, profile: dict) -> None:
    original = str(ds.get("PatientID", "UNKNOWN"))
    new_id = pseudo.pseudonym(original)
    ds.PatientID = new_id
    ds.PatientName = new_id
    if "PatientBirthDate" in ds and ds.PatientBirthDate:
        ds.PatientBirthDate = ds.PatientBirthDate[:4] + "0101"
    for keyword in profile.get("remove", []):
        if keyword in ds:
            delattr(ds, keyword)
    for keyword in profile.get("blank", []):
        if keyword in ds:
            setattr(ds, keyword, "")
    offset = pseudo.day_offset(original)
    for keyword in profile.get("dates", []):
        if keyword in ds and ds.get(keyword):
            setattr(ds, keyword, shift_date(str(ds.get(keyword)), offset))
    ds.remove_private_tags()
    ds.PatientIdentityRemoved = "YES"
    ds.DeidentificationMethod = "HMAC pseudonym; date shift; profile " + profile.get("name", "default")


def process_tree(src: Path, dst: Path, pseudo: Pseudonymiser, profile: dict) -> tuple:
    done = skipped = 0
    for path in sorted(src.rglob("*")):
        if not path.is_file():
            continue
        try:
            ds = pydicom.dcmread(path)
        except (InvalidDicomError, OSError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            skipped += 1
            continue
        anonymise(ds, pseudo, profile)
        target = dst / ds.PatientID / path.relative_to(src).name
        target.parent.mkdir(parents=True, exist_ok=True)
        ds.save_as(target)
        done += 1
    return done, skipped


def write_links(pseudo: Pseudonymiser, path: Path) -> None:
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["pseudonym", "patient_id"])
        writer.writerows(sorted(pseudo.links.items()))
    os.chmod(path, 0o600)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="DICOM research de-identification")
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--profile", type=Path, help="YAML profile with remove/blank/dates lists")
    ap.add_argument("--links", type=Path, default=Path("linkage.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    salt = os.environ.get("ANON_PROJECT_SALT")
    if not salt:
        LOG.error("ANON_PROJECT_SALT is not set")
        return 2
    profile = dict(DEFAULT_PROFILE)
    if args.profile:
        with args.profile.open() as fh:
            profile.update(yaml.safe_load(fh) or {})

    pseudo = Pseudonymiser(salt.encode())
    done, skipped = process_tree(args.src, args.dst, pseudo, profile)
    write_links(pseudo, args.links)
    LOG.info("anonymised %d files (%d skipped), %d patients", done, skipped, len(pseudo.links))
    return 0


if __name__ == "__main__":
    sys.exit(main())
