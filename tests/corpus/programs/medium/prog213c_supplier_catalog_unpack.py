#!/usr/bin/env python3
"""Supplier catalog unpacker for the co-op parts shop.

Downloads the monthly catalog bundle (a .tar.gz of PDFs and spec sheets)
from a supplier's download page, unpacks it under ./catalogs/<supplier>/
and builds a plain-text index of what arrived.
"""
import argparse
import hashlib
import logging
import os
import subprocess
import sys
import tarfile
import urllib.request
from pathlib import Path

LOG = logging.getLogger("catalog_unpack")

SUPPLIERS = {
    "northwheel": "https://downloads.example.com/northwheel/catalog-latest.tar.gz",
    "chainworks": "https://files.example.net/chainworks/catalog.tar.gz",
}

# Index builder, run through bash -c with the catalog directory in $CAT_DIR.
INDEX_SH = r'''
cd "$CAT_DIR" || exit 1
{
  echo "# index of $(basename "$CAT_DIR") generated $(date '+%F %T')"
  find . -type f ! -name INDEX.txt -printf '%P\t%s\n' | sort
} > INDEX.txt
grep -vc '^#' INDEX.txt
'''


class CatalogBundle:
    def __init__(self, supplier, url, root):
        self.supplier = supplier
        self.url = url
        self.download_dir = root / "downloads"
        self.target = root / "catalogs" / supplier
        self.archive = self.download_dir / f"{supplier}.tar.gz"

    def download(self, timeout):
        self.download_dir.mkdir(parents=True, exist_ok=True)
        LOG.info("downloading %s", self.url)
        req = urllib.request.Request(self.url,
                                     headers={"User-Agent": "coop-catalog/1.2"})
        with urllib.request.urlopen(req, timeout=timeout) as resp, \
                self.archive.open("wb") as out:
            digest = hashlib.sha256()
            while True:
                chunk = resp.read(65536)
                if not chunk:
                    break
                digest.update(chunk)
                out.write(chunk)
        LOG.info("saved %s (sha256 %s)", self.archive, digest.hexdigest()[:16])

    def unpack(self):
        self.target.mkdir(parents=True, exist_ok=True)
        with tarfile.open(self.archive, "r:gz") as tar:
            members = tar.getmembers()
            LOG.info("%d entries in bundle", len(members))
            tar.extractall(path=self.target)

    def build_index(self):
        env = dict(os.environ, CAT_DIR=str(self.target))
        res = subprocess.run(["bash", "-c", INDEX_SH], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip() or "index failed")
        return int(res.stdout.strip() or 0)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Fetch and unpack supplier catalogs")
    ap.add_argument("suppliers", nargs="*", default=sorted(SUPPLIERS))
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--skip-download", action="store_true",
                    help="unpack the archives already in ./downloads")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    failures = 0
    for name in args.suppliers:
        url = SUPPLIERS.get(name)
        if url is None:
            LOG.error("unknown supplier %s", name)
            failures += 1
            continue
        bundle = CatalogBundle(name, url, args.root)
        try:
            if not args.skip_download:
                bundle.download(args.timeout)
            bundle.unpack()
            count = bundle.build_index()
            LOG.info("%s: %d files indexed", name, count)
        except (OSError, tarfile.TarError, RuntimeError) as exc:
            LOG.error("%s: %s", name, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
