#!/usr/bin/env python3
"""Build the weekly vet check bundle for the quarantine office.

Collects the vet check notes and attached certificates for every animal
currently in quarantine into one JSON bundle the office uploads to the
records portal by hand. Rendered sections are cached by content hash so
re-runs during the week are quick.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shutil
import tempfile
from datetime import date
from pathlib import Path

log = logging.getLogger("vet-bundle")

CACHE_DIR = Path(".bundle_cache")
OUT_DIR = Path("bundles")


def cache_key(payload: bytes) -> str:
    # content hash only used to name cache entries
    return hashlib.md5(payload).hexdigest()


def host_label():
    """Short OS label for the bundle footer."""
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


class SectionCache:
    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(exist_ok=True)
        self.hits = 0

    def get_or_build(self, raw: bytes, build):
        path = self.root / (cache_key(raw) + ".json")
        if path.exists():
            self.hits += 1
            return json.loads(path.read_text())
        section = build(raw)
        path.write_text(json.dumps(section))
        return section

    def clear(self):
        shutil.rmtree(self.root, ignore_errors=True)


def build_section(raw: bytes):
    record = json.loads(raw)
    certs = []
    for cert in record.get("certificates", []):
        p = Path(cert)
        if p.is_file():
            # attachments travel inside the JSON as base64, they are never opened here
            certs.append({"name": p.name,
                          "data": base64.b64encode(p.read_bytes()).decode("ascii")})
    return {
        "animal": record.get("animal_id"),
        "pen": record.get("pen"),
        "checks": record.get("checks", []),
        "certificates": certs,
    }


def write_atomic(target: Path, data: str):
    target.parent.mkdir(exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".bundle-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def main():
    parser = argparse.ArgumentParser(description="Weekly vet check bundle")
    parser.add_argument("records", help="folder with one JSON file per animal")
    parser.add_argument("--clear-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = SectionCache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()
        cache = SectionCache(CACHE_DIR)

    sections = []
    for rec in sorted(Path(args.records).glob("*.json")):
        try:
            sections.append(cache.get_or_build(rec.read_bytes(), build_section))
        except (OSError, ValueError) as exc:
            log.warning("skipping %s: %s", rec.name, exc)

    bundle = {"week_of": date.today().isoformat(), "generated_on": host_label(),
              "animals": sections}
    out = OUT_DIR / f"vet_bundle_{date.today():%Y_%W}.json"
    write_atomic(out, json.dumps(bundle, indent=2))
    log.info("wrote %s (%d animals, %d cached)", out, len(sections), cache.hits)


if __name__ == "__main__":
    main()
