#!/usr/bin/env python3
"""Unpack page bundles delivered by advertising agencies.

Agencies that build full-page and double-truck ads deliver them as
.tar.gz bundles (PDF/X-1a page, fonts report, preflight log) into the
incoming/ folder.  This tool unpacks each bundle into pages/<bundle>/,
checks that a PDF is present and moves the bundle to processed/ or
rejected/ accordingly.
"""
import argparse
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

LOG = logging.getLogger("bundle-unpack")


class BundleResult:
    def __init__(self, name):
        self.name = name
        self.pdfs = []
        self.ok = False
        self.reason = ""

    def as_dict(self):
        return {"bundle": self.name, "pdfs": self.pdfs, "ok": self.ok, "reason": self.reason}


def unpack(bundle, pages_dir):
    result = BundleResult(bundle.name)
    target = pages_dir / bundle.name.split(".")[0]
    target.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(bundle, "r:*") as tar:
            members = tar.getmembers()
            LOG.info("%s: %d members", bundle.name, len(members))
            tar.extractall(path=target)
    except (tarfile.TarError, OSError) as exc:
        result.reason = f"unreadable bundle: {exc}"
        return result
    result.pdfs = sorted(str(p.relative_to(target)) for p in target.rglob("*.pdf"))
    if not result.pdfs:
        result.reason = "no PDF page in bundle"
    elif len(result.pdfs) > 2:
        result.reason = "more than two pages in bundle"
    else:
        result.ok = True
    return result


def move(bundle, dest_dir):
    dest_dir.mkdir(parents=True, exist_ok=True)
    shutil.move(str(bundle), str(dest_dir / bundle.name))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--incoming", type=Path, default=Path("incoming"))
    ap.add_argument("--pages", type=Path, default=Path("pages"))
    ap.add_argument("--processed", type=Path, default=Path("processed"))
    ap.add_argument("--rejected", type=Path, default=Path("rejected"))
    ap.add_argument("--summary", type=Path, default=Path("unpack_summary.json"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.incoming.is_dir():
        LOG.error("incoming folder %s does not exist", args.incoming)
        return 1

    bundles = sorted(p for p in args.incoming.iterdir()
                     if p.name.endswith((".tar.gz", ".tgz", ".tar")))
    if not bundles:
        LOG.info("no bundles waiting")
        return 0

    results = []
    for bundle in bundles:
        res = unpack(bundle, args.pages)
        results.append(res.as_dict())
        if res.ok:
            LOG.info("%s accepted: %s", bundle.name, ", ".join(res.pdfs))
            move(bundle, args.processed)
        else:
            LOG.warning("%s rejected: %s", bundle.name, res.reason)
            move(bundle, args.rejected)

    args.summary.write_text(json.dumps(results, indent=2))
    LOG.info("summary written to %s", args.summary)
    return 0 if all(r["ok"] for r in results) else 3


if __name__ == "__main__":
    sys.exit(main())
