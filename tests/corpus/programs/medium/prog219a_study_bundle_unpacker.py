#!/usr/bin/env python3
"""Unpack study export bundles from the outside-imaging import drop.

Referring hospitals send prior studies as .tar.gz bundles with a
manifest.yaml. This unpacks each bundle from ./incoming into ./staging,
reads the manifest, verifies the file count and runs dcmdump on one file
per series as a sanity check before the bundle is queued for import.
"""
import argparse
import logging
import pathlib
import shutil
import subprocess
import tarfile

import yaml

LOG = logging.getLogger("bundle-unpack")

SETTINGS = {
    "incoming": "incoming",
    "staging": "staging",
    "rejected": "rejected",
    "manifest": "manifest.yaml",
    "dump_tool": "dcmdump",
    "dump_args": ["+P", "0010,0020", "+P", "0020,000d", "+P", "0008,0060"],
}


class Bundle:
    def __init__(self, path, staging_root):
        self.path = pathlib.Path(path)
        self.name = self.path.name.split(".")[0]
        self.dest = pathlib.Path(staging_root) / self.name
        self.manifest = {}

    def unpack(self):
        self.dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(self.path, mode="r:*") as tf:
            tf.extractall(self.dest)
        LOG.info("unpacked %s -> %s", self.path.name, self.dest)

    def read_manifest(self, name):
        mpath = self.dest / name
        with open(mpath, encoding="utf-8") as fh:
            self.manifest = yaml.load(fh, Loader=yaml.Loader) or {}
        return self.manifest

    def dicom_files(self):
        return [p for p in self.dest.rglob("*") if p.is_file() and p.suffix.lower() in ("", ".dcm")]

    def verify(self):
        expected = int(self.manifest.get("file_count", -1))
        found = len(self.dicom_files())
        if expected >= 0 and expected != found:
            raise ValueError("manifest says %d files, found %d" % (expected, found))
        return found


def sample_series(files):
    seen = {}
    for f in files:
        seen.setdefault(f.parent, f)
    return list(seen.values())


def dump_check(files):
    tool = shutil.which(SETTINGS["dump_tool"])
    if not tool:
        LOG.warning("%s not installed; skipping header check", SETTINGS["dump_tool"])
        return True
    ok = True
    for f in sample_series(files):
        res = subprocess.run([tool] + SETTINGS["dump_args"] + [str(f)],
                             capture_output=True, text=True, timeout=60)
        if res.returncode != 0:
            LOG.error("dcmdump failed on %s: %s", f, res.stderr.strip()[:200])
            ok = False
        else:
            LOG.debug("%s: %s", f.name, " | ".join(res.stdout.split("\n")[:3]))
    return ok


def process(path, args):
    b = Bundle(path, args.staging)
    try:
        b.unpack()
        m = b.read_manifest(SETTINGS["manifest"])
        LOG.info("bundle from %s, patient %s", m.get("sender", "?"), m.get("patient_id", "?"))
        n = b.verify()
        if not dump_check(b.dicom_files()):
            raise ValueError("header check failed")
        LOG.info("%s ready for import (%d files)", b.name, n)
        return True
    except (OSError, ValueError, tarfile.TarError, yaml.YAMLError) as exc:
        LOG.error("%s rejected: %s", path.name, exc)
        rej = pathlib.Path(args.rejected)
        rej.mkdir(exist_ok=True)
        shutil.move(str(path), rej / path.name)
        shutil.rmtree(b.dest, ignore_errors=True)
        return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--incoming", default=SETTINGS["incoming"])
    ap.add_argument("--staging", default=SETTINGS["staging"])
    ap.add_argument("--rejected", default=SETTINGS["rejected"])
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bundles = sorted(pathlib.Path(args.incoming).glob("*.tar*"))
    if not bundles:
        LOG.info("nothing to do in %s", args.incoming)
        return 0
    good = sum(1 for p in bundles if process(p, args))
    LOG.info("%d of %d bundles ready", good, len(bundles))
    return 0 if good == len(bundles) else 1


if __name__ == "__main__":
    raise SystemExit(main())
