#!/usr/bin/env python3
"""Import finding-aid bundles delivered by county departments.

Each bundle is a .tar.gz holding a collection.yaml descriptor plus the
scanned inventory sheets. The importer unpacks it into the intake area and
writes a normalised JSON record for the catalog team.
"""

import argparse
import json
import logging
import shutil
import tarfile
from datetime import date
from pathlib import Path

import yaml

INTAKE_DIR = Path("./intake")
CATALOG_DIR = Path("./catalog_records")

REQUIRED_FIELDS = ("title", "department", "date_range", "series")

log = logging.getLogger("finding-aid")


class BundleError(Exception):
    pass


def unpack(bundle: Path, dest_root: Path) -> Path:
    dest = dest_root / bundle.name.replace(".tar.gz", "").replace(".tgz", "")
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(dest)
    return dest


def load_descriptor(folder: Path) -> dict:
    descriptor = folder / "collection.yaml"
    if not descriptor.exists():
        raise BundleError(f"{folder.name}: collection.yaml missing")
    with descriptor.open(encoding="utf-8") as fh:
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict):
        raise BundleError(f"{folder.name}: descriptor is not a mapping")
    missing = [f for f in REQUIRED_FIELDS if f not in data]
    if missing:
        raise BundleError(f"{folder.name}: missing fields {missing}")
    return data


def normalise(data: dict, folder: Path) -> dict:
    sheets = sorted(p.name for p in folder.rglob("*")
                    if p.suffix.lower() in (".pdf", ".tif", ".tiff"))
    return {
        "title": str(data["title"]).strip(),
        "department": str(data["department"]).strip().upper(),
        "date_range": str(data["date_range"]),
        "series": [str(s) for s in data.get("series", [])],
        "restrictions": data.get("restrictions", "none"),
        "inventory_sheets": sheets,
        "imported_on": date.today().isoformat(),
        "source_folder": str(folder),
    }


def write_record(record: dict, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    slug = "".join(c if c.isalnum() else "_" for c in record["title"].lower())[:60]
    out = out_dir / f"{record['department'].lower()}_{slug}.json"
    out.write_text(json.dumps(record, indent=2), encoding="utf-8")
    return out


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("bundles", nargs="+", type=Path)
    parser.add_argument("--intake", type=Path, default=INTAKE_DIR)
    parser.add_argument("--catalog", type=Path, default=CATALOG_DIR)
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    ok = failed = 0
    for bundle in args.bundles:
        try:
            folder = unpack(bundle, args.intake)
            record = normalise(load_descriptor(folder), folder)
            out = write_record(record, args.catalog)
            log.info("%s -> %s", bundle.name, out)
            ok += 1
        except (BundleError, tarfile.TarError, yaml.YAMLError, OSError) as exc:
            log.error("%s: %s", bundle.name, exc)
            failed += 1
    log.info("imported %d bundle(s), %d failed", ok, failed)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
