#!/usr/bin/env python3
"""Import funeral directors' booking packs into the crematorium diary.

Funeral directors send a .tar.gz "booking pack" containing booking.yaml
(service details, music, webcast request) plus attachments such as the
order of service PDF. This tool unpacks the pack, reads the booking and
caches parsed bookings so the diary screen loads quickly.
"""

import argparse
import logging
import os
import pickle
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("diary-import")

INBOX = Path("inbox")
WORK = Path("unpacked")
CACHE = Path("diary_cache.pkl")
REQUIRED = ("deceased", "service_date", "chapel", "director")


def unpack(pack_path):
    dest = WORK / pack_path.name.replace(".tar.gz", "")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(pack_path, "r:gz") as tar:
        tar.extractall(dest)
    return dest


def read_booking(folder):
    with open(folder / "booking.yaml", "r", encoding="utf-8") as fh:
        # some director software writes custom tags, so use the full loader
        return yaml.load(fh, Loader=yaml.Loader)


def validate(booking):
    missing = [k for k in REQUIRED if not booking.get(k)]
    if missing:
        raise ValueError("missing fields: %s" % ", ".join(missing))
    return booking


def load_cache():
    if CACHE.exists():
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    with open(CACHE, "wb") as fh:
        pickle.dump(cache, fh)


class Importer:
    def __init__(self):
        self.cache = load_cache()
        self.ok = 0
        self.failed = 0

    def import_pack(self, pack):
        try:
            folder = unpack(pack)
            booking = validate(read_booking(folder))
        except (OSError, tarfile.TarError, yaml.YAMLError, ValueError) as exc:
            LOG.warning("%s rejected: %s", pack.name, exc)
            self.failed += 1
            return
        key = "%s|%s" % (booking["service_date"], booking["chapel"])
        if key in self.cache:
            LOG.warning("%s clashes with existing booking for %s", pack.name, key)
        booking["attachments"] = sorted(p.name for p in folder.iterdir() if p.name != "booking.yaml")
        self.cache[key] = booking
        self.ok += 1
        LOG.info("imported %s (%s, %s)", booking["deceased"], booking["service_date"], booking["chapel"])

    def run(self, packs):
        for pack in packs:
            self.import_pack(pack)
        save_cache(self.cache)
        LOG.info("%d imported, %d rejected, %d in diary", self.ok, self.failed, len(self.cache))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("packs", nargs="*", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    packs = args.packs or sorted(INBOX.glob("*.tar.gz"))
    if not packs:
        LOG.info("no booking packs in %s", INBOX)
        return 0
    os.makedirs(WORK, exist_ok=True)
    Importer().run(packs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
