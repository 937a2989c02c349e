#!/usr/bin/env python3
"""De-identify DICOM studies for teaching files and research export.

Each profile maps a DICOM keyword to an action: ``remove``, ``replace`` with
a value, ``hash`` (salted SHA-256, stable per project so series still link)
or ``keep``. Site profiles live in ``anon_profiles.yaml``; ``basic`` is built
in and follows the PS3.15 basic confidentiality profile for the tags we see.
"""
import argparse
import hashlib
import logging
import os
import sys
from pathlib import Path

import pydicom
import yaml

log = logging.getLogger("anon")

BUILTIN_PROFILES = {
    "basic": {
        "PatientName": ("replace", "ANON"),
        "PatientID": ("hash", None),
        "PatientBirthDate": ("replace", ""),
        "PatientAddress": ("remove", None),
        "OtherPatientIDs": ("remove", None),
        "ReferringPhysicianName": ("replace", ""),
        "InstitutionName": ("remove", None),
        "InstitutionAddress": ("remove", None),
        "AccessionNumber": ("hash", None),
        "StationName": ("remove", None),
        "OperatorsName": ("remove", None),
        "PerformingPhysicianName": ("remove", None),
    }
}


class Anonymiser:
    def __init__(self, profile, salt, keep_private=False):
        self.profile = profile
        self.salt = salt.encode()
        self.keep_private = keep_private

    def _hash(self, value):
        digest = hashlib.sha256(self.salt + str(value).encode()).hexdigest()
        return digest[:16].upper()

    def apply(self, ds):
        for keyword, (action, arg) in self.profile.items():
            if keyword not in ds:
                continue
            if action == "remove":
                delattr(ds, keyword)
            elif action == "replace":
                setattr(ds, keyword, arg)
            elif action == "hash":
                setattr(ds, keyword, self._hash(getattr(ds, keyword)))
            elif action != "keep":
                raise ValueError(f"unknown action {action!r} for {keyword}")
        if not self.keep_private:
            ds.remove_private_tags()
        ds.PatientIdentityRemoved = "YES"
        return ds


def load_profiles(path: Path):
    profiles = dict(BUILTIN_PROFILES)
    if path.exists():
        with path.open() as fh:
            site = yaml.load(fh, Loader=yaml.Loader) or {}
        for name, entries in site.items():
            profiles[name] = {k: tuple(v) for k, v in entries.items()}
        log.info("loaded %d site profile(s) from %s", len(site), path)
    return profiles


def iter_instances(src: Path):
    for p in sorted(src.rglob("*")):
        if p.is_file() and p.suffix.lower() in (".dcm", ""):
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--profile", default="basic")
    ap.add_argument("--profiles-file", type=Path, default=Path("anon_profiles.yaml"))
    ap.add_argument("--keep-private", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    salt = os.environ.get("ANON_PROJECT_SALT")
    if not salt:
        log.error("set ANON_PROJECT_SALT for this export project")
        return 2
    profiles = load_profiles(args.profiles_file)
    if args.profile not in profiles:
        log.error("no profile %r (have: %s)", args.profile, ", ".join(profiles))
        return 2
    anon = Anonymiser(profiles[args.profile], salt, args.keep_private)

    done = skipped = 0
    for path in iter_instances(args.src):
        try:
            ds = pydicom.dcmread(path)
        except pydicom.errors.InvalidDicomError:
            skipped += 1
            continue
        out = args.dst / path.relative_to(args.src)
        out.parent.mkdir(parents=True, exist_ok=True)
        anon.apply(ds).save_as(out)
        done += 1
    log.info("%d instances de-identified, %d non-DICOM skipped", done, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
