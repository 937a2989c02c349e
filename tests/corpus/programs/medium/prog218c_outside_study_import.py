#!/usr/bin/env python3
"""Unpack outside-hospital study archives and summarise them before import.

Outside imaging centres send us prior studies as .tar.gz bundles on the
transfer share.  This tool unpacks each bundle into ./incoming/<bundle>/,
runs dcmdump (dcmtk) over the DICOM files through a small bash pipeline
to pull patient/study identifiers, and writes ./incoming/summary.csv so the
PACS admin can reconcile MRNs before the import.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
import tarfile

LOG = logging.getLogger("outside_import")

TAGS = {
    "(0010,0010)": "PatientName",
    "(0010,0020)": "PatientID",
    "(0008,0020)": "StudyDate",
    "(0008,0050)": "AccessionNumber",
    "(0008,1030)": "StudyDescription",
    "(0008,0080)": "InstitutionName",
}

DUMP_PIPELINE = (
    'find "$STUDY_DIR" -type f \\( -iname "*.dcm" -o ! -name "*.*" \\) -print0 '
    '| head -z -n 1 | xargs -0 -r dcmdump +P 0010,0010 +P 0010,0020 +P 0008,0020 '
    '+P 0008,0050 +P 0008,1030 +P 0008,0080 2>/dev/null'
)


class Bundle:
    def __init__(self, path, dest_root):
        self.path = path
        base = os.path.basename(path)
        for ext in (".tar.gz", ".tgz", ".tar"):
            if base.endswith(ext):
                base = base[: -len(ext)]
        self.name = base
        self.dest = os.path.join(dest_root, base)
        self.info = {}

    def extract(self):
        os.makedirs(self.dest, exist_ok=True)
        with tarfile.open(self.path, "r:*") as tar:
            members = tar.getmembers()
            LOG.info("%s: %d members", self.name, len(members))
            tar.extractall(self.dest)

    def count_files(self):
        return sum(len(files) for _, _, files in os.walk(self.dest))


def dump_header(study_dir):
    env = dict(os.environ, STUDY_DIR=study_dir)
    proc = subprocess.run(["bash", "-c", DUMP_PIPELINE], env=env,
                          capture_output=True, text=True, timeout=120)
    info = {}
    for line in proc.stdout.splitlines():
        tag = line[:11]
        if tag in TAGS and "[" in line:
            info[TAGS[tag]] = line.split("[", 1)[1].split("]", 1)[0].strip()
    return info


def write_summary(bundles, path):
    fields = ["Bundle", "Files"] + list(TAGS.values())
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        w.writeheader()
        for b in bundles:
            row = {"Bundle": b.name, "Files": b.count_files()}
            row.update(b.info)
            w.writerow(row)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundles", nargs="+", help="tar/tar.gz files from outside centres")
    ap.add_argument("--dest", default="incoming")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    done = []
    for path in args.bundles:
        b = Bundle(path, args.dest)
        try:
            b.extract()
        except (tarfile.TarError, OSError) as exc:
            LOG.error("cannot unpack %s: %s", path, exc)
            continue
        try:
            b.info = dump_header(b.dest)
        except subprocess.TimeoutExpired:
            LOG.warning("dcmdump timed out on %s", b.name)
        if not b.info:
            LOG.warning("%s: no DICOM header found", b.name)
        done.append(b)

    if not done:
        LOG.error("no bundles unpacked")
        return 1
    summary = os.path.join(args.dest, "summary.csv")
    write_summary(done, summary)
    LOG.info("summary of %d bundles written to %s", len(done), summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
