#!/usr/bin/env python3
"""Import spectrum export bundles from the fibre spectrometer.

The instrument PC writes one .tar.gz bundle per exposure sequence, holding the
extracted 1-D spectra (CSV), the wavelength solution and a bundle.yaml with
the acquisition metadata. This tool unpacks new bundles from the drop folder
into ./spectra/<night>/<sequence>/ and adds them to the local catalogue
(catalogue.jsonl).
"""
import argparse
import json
import logging
import shutil
import sys
import tarfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import yaml

LOG = logging.getLogger("spec-import")
CATALOGUE = Path("catalogue.jsonl")
DONE_DIR_NAME = "imported"


def read_metadata(tar: tarfile.TarFile) -> dict:
    try:
        member = tar.getmember("bundle.yaml")
    except KeyError:
        raise ValueError("bundle.yaml missing")
    raw = tar.extractfile(member).read().decode("utf-8")
    # bundle.yaml from firmware >= 4.2 uses tagged timestamps and numpy scalars
    meta = yaml.load(raw, Loader=yaml.Loader)
    if not isinstance(meta, dict):
        raise ValueError("bundle.yaml is not a mapping")
    return meta


def night_of(meta: dict) -> str:
    start = meta.get("start_utc")
    if isinstance(start, str):
        start = datetime.fromisoformat(start.replace("Z", "+00:00"))
    if not isinstance(start, datetime):
        return "unknown"
    if start.tzinfo is None:
        start = start.replace(tzinfo=timezone.utc)
    # observing nights are named after the evening date, so shift back 12 h
    return (start - timedelta(hours=12)).strftime("%Y%m%d")


def import_bundle(bundle: Path, dest_root: Path) -> dict:
    with tarfile.open(bundle, "r:gz") as tar:
        meta = read_metadata(tar)
        seq = str(meta.get("sequence", bundle.stem.split(".")[0]))
        dest = dest_root / night_of(meta) / seq
        if dest.exists():
            LOG.info("%s already imported at %s", bundle.name, dest)
        else:
            dest.mkdir(parents=True)
            tar.extractall(dest)
        spectra = sorted(p.name for p in dest.glob("*.csv"))
    return {
        "bundle": bundle.name,
        "sequence": seq,
        "path": str(dest),
        "object": meta.get("object"),
        "grating": meta.get("grating"),
        "exptime": meta.get("exptime"),
        "n_spectra": len(spectra),
    }


def append_catalogue(entries) -> int:
    n = 0
    with CATALOGUE.open("a") as fh:
        for entry in entries:
            fh.write(json.dumps(entry, default=str) + "\n")
            n += 1
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dropdir", type=Path, help="folder the instrument PC writes bundles to")
    ap.add_argument("--dest", type=Path, default=Path("spectra"))
    ap.add_argument("--keep", action="store_true", help="leave bundles in the drop folder")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundles = sorted(args.dropdir.glob("*.tar.gz"))
    if not bundles:
        LOG.info("no bundles in %s", args.dropdir)
        return 0

    done_dir = args.dropdir / DONE_DIR_NAME
    done_dir.mkdir(exist_ok=True)
    entries, failed = [], 0
    for bundle in bundles:
        try:
            entries.append(import_bundle(bundle, args.dest))
        except (tarfile.TarError, ValueError, yaml.YAMLError, OSError) as exc:
            LOG.error("%s: %s", bundle.name, exc)
            failed += 1
            continue
        if not args.keep:
            shutil.move(str(bundle), done_dir / bundle.name)

    n = append_catalogue(entries)
    LOG.info("imported %d bundles, %d failed", n, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
