#!/usr/bin/env python3
"""transcript_bundle_extract.py - unpack transcript bundles that partner
schools drop into the SFTP landing folder and pull the text out of each PDF
so the GPA parser can read it.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import tarfile

LOG = logging.getLogger("transcripts")


class BundleProcessor:
    def __init__(self, incoming, workdir, done_dir):
        self.incoming = incoming
        self.workdir = workdir
        self.done_dir = done_dir
        for d in (workdir, done_dir):
            os.makedirs(d, exist_ok=True)

    def bundles(self):
        for name in sorted(os.listdir(self.incoming)):
            if name.endswith((".tar.gz", ".tgz", ".tar")):
                yield os.path.join(self.incoming, name)

    def extract(self, bundle):
        target = os.path.join(self.workdir, os.path.basename(bundle).split(".")[0])
        os.makedirs(target, exist_ok=True)
        with tarfile.open(bundle) as tar:
            tar.extractall(target)
        LOG.info("extracted %s -> %s", bundle, target)
        return target

    def pdf_to_text(self, folder):
        results = {}
        for root, _dirs, files in os.walk(folder):
            for name in files:
                if not name.lower().endswith(".pdf"):
                    continue
                pdf = os.path.join(root, name)
                txt = pdf[:-4] + ".txt"
                proc = subprocess.run(["pdftotext", "-layout", pdf, txt],
                                      capture_output=True, text=True)
                if proc.returncode != 0:
                    LOG.warning("pdftotext failed on %s: %s", pdf, proc.stderr.strip())
                    results[name] = "error"
                else:
                    results[name] = txt
        return results

    def archive(self, bundle):
        shutil.move(bundle, os.path.join(self.done_dir, os.path.basename(bundle)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", default="sftp_landing/transcripts")
    ap.add_argument("--workdir", default="work/transcripts")
    ap.add_argument("--done", default="sftp_landing/processed")
    ap.add_argument("--manifest", default="work/transcripts/manifest.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if shutil.which("pdftotext") is None:
        LOG.error("pdftotext (poppler-utils) is required")
        return 1
    if not os.path.isdir(args.incoming):
        LOG.error("incoming folder %s missing", args.incoming)
        return 1

    proc = BundleProcessor(args.incoming, args.workdir, args.done)
    manifest = {}
    for bundle in proc.bundles():
        try:
            folder = proc.extract(bundle)
            manifest[os.path.basename(bundle)] = proc.pdf_to_text(folder)
            proc.archive(bundle)
        except (tarfile.TarError, OSError) as exc:
            LOG.error("bundle %s failed: %s", bundle, exc)
            manifest[os.path.basename(bundle)] = {"error": str(exc)}
    with open(args.manifest, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=2)
    LOG.info("%d bundles processed", len(manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
