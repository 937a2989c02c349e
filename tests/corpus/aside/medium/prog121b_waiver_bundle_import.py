#!/usr/bin/env python3
"""Import signed liability waiver bundles into the studio archive.

The front-desk signing tablet exports a .tar.gz per day containing one PDF
per signed waiver plus a manifest.json.  This tool unpacks each bundle from
the inbox, files the PDFs under archive/<year>/<month>/<member_no>/ and keeps
a running index.json with checksums so the archive can be audited later.
"""
import argparse
import configparser
import hashlib
import json
import logging
import shutil
import sys
import tarfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("waivers")

DEFAULTS = {
    "inbox": "inbox",
    "archive": "archive",
    "staging": ".staging",
    "done": "inbox/imported",
}


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["waivers"] = DEFAULTS
    if path.exists():
        cfg.read(path)
    return cfg["waivers"]


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


class WaiverIndex:
    def __init__(self, path):
        self.path = path
        self.entries = {}
        if path.exists():
            self.entries = json.loads(path.read_text(encoding="utf-8"))

    def add(self, waiver_id, record):
        self.entries[waiver_id] = record

    def __contains__(self, waiver_id):
        return waiver_id in self.entries

    def save(self):
        tmp = self.path.with_suffix(".json.part")
        tmp.write_text(json.dumps(self.entries, indent=2, sort_keys=True), encoding="utf-8")
        tmp.replace(self.path)


class BundleImporter:
    def __init__(self, cfg):
        self.inbox = Path(cfg["inbox"])
        self.archive = Path(cfg["archive"])
        self.staging = Path(cfg["staging"])
        self.done = Path(cfg["done"])
        for d in (self.archive, self.staging, self.done):
            d.mkdir(parents=True, exist_ok=True)
        self.index = WaiverIndex(self.archive / "index.json")

    def bundles(self):
        yield from sorted(self.inbox.glob("waivers_*.tar.gz"))

    def unpack(self, bundle):
        target = self.staging / bundle.name.replace(".tar.gz", "")
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        with tarfile.open(bundle, "r:gz") as tf:
            tf.extractall(target)
        return target

    def file_waiver(self, src_dir, item):
        pdf = src_dir / item["file"]
        signed = datetime.fromisoformat(item["signed_at"])
        dest_dir = self.archive / f"{signed:%Y}" / f"{signed:%m}" / item["member_no"]
        dest_dir.mkdir(parents=True, exist_ok=True)
        dest = dest_dir / f"{item['waiver_id']}.pdf"
        shutil.copy2(pdf, dest)
        return dest

    def import_bundle(self, bundle):
        workdir = self.unpack(bundle)
        manifest = json.loads((workdir / "manifest.json").read_text(encoding="utf-8"))
        added = 0
        for item in manifest.get("waivers", []):
            if item["waiver_id"] in self.index:
                log.debug("skip duplicate %s", item["waiver_id"])
                continue
            try:
                dest = self.file_waiver(workdir, item)
            except (OSError, KeyError, ValueError) as exc:
                log.warning("%s: cannot file %s: %s", bundle.name, item.get("waiver_id"), exc)
                continue
            self.index.add(item["waiver_id"], {
                "member_no": item["member_no"],
                "name": item.get("name", ""),
                "signed_at": item["signed_at"],
                "path": str(dest),
                "sha256": sha256_of(dest),
            })
            added += 1
        shutil.rmtree(workdir, ignore_errors=True)
        shutil.move(str(bundle), self.done / bundle.name)
        return added

    def run(self):
        total = 0
        for bundle in self.bundles():
            try:
                n = self.import_bundle(bundle)
            except (tarfile.TarError, OSError, json.JSONDecodeError) as exc:
                log.error("%s: %s", bundle.name, exc)
                continue
            log.info("%s: %d waivers archived", bundle.name, n)
            total += n
        self.index.save()
        return total


def main(argv=None):
    ap = argparse.ArgumentParser(description="Import signed waiver bundles")
    ap.add_argument("-c", "--config", default="waiver_archive.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    cfg = load_config(Path(args.config))
    total = BundleImporter(cfg).run()
    log.info("done, %d new waivers", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
