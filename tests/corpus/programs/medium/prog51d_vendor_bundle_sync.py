#!/usr/bin/env python3
"""Synchronise vendored third-party bundles into ./vendor.

Bundles are listed in the JSON manifest below; each is fetched from the
internal bundle host (self-signed certificate) and unpacked in place.
"""
import argparse
import hashlib
import io
import json
import logging
import shutil
import ssl
import tarfile
import urllib.request
from pathlib import Path

log = logging.getLogger("vendor-sync")

MANIFEST = json.loads(r"""
{
  "host": "https://bundles.dev.internal:9443",
  "bundles": [
    {"name": "chartjs",  "version": "4.4.1", "archive": "chartjs-4.4.1.tar.gz"},
    {"name": "leaflet",  "version": "1.9.4", "archive": "leaflet-1.9.4.tar.gz"},
    {"name": "katex",    "version": "0.16.9", "archive": "katex-0.16.9.tar.gz"}
  ]
}
""")


def insecure_context() -> ssl.SSLContext:
    ctx = ssl._create_unverified_context()
    ctx.check_hostname = False
    return ctx


class BundleSync:
    def __init__(self, host: str, vendor_dir: Path):
        self.host = host.rstrip("/")
        self.vendor_dir = vendor_dir
        self.ctx = insecure_context()
        self.stamp_file = vendor_dir / ".versions.json"
        self.stamps = json.loads(self.stamp_file.read_text()) if self.stamp_file.exists() else {}

    def download(self, archive: str) -> bytes:
        url = f"{self.host}/{archive}"
        log.info("fetching %s", url)
        with urllib.request.urlopen(url, context=self.ctx, timeout=60) as resp:
            return resp.read()

    def install(self, bundle: dict, force: bool) -> bool:
        name, version = bundle["name"], bundle["version"]
        if not force and self.stamps.get(name) == version:
            log.info("%s %s already present", name, version)
            return False
        blob = self.download(bundle["archive"])
        target = self.vendor_dir / name
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tf:
            tf.extractall(target)
        self.stamps[name] = version
        log.info("%s %s unpacked (sha256 %s)", name, version,
                 hashlib.sha256(blob).hexdigest()[:12])
        return True

    def save(self) -> None:
        self.stamp_file.write_text(json.dumps(self.stamps, indent=2, sort_keys=True))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--vendor-dir", type=Path, default=Path("vendor"))
    ap.add_argument("--force", action="store_true")
    ap.add_argument("only", nargs="*", help="restrict to these bundle names")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.vendor_dir.mkdir(exist_ok=True)
    sync = BundleSync(MANIFEST["host"], args.vendor_dir)
    changed = 0
    for bundle in MANIFEST["bundles"]:
        if args.only and bundle["name"] not in args.only:
            continue
        try:
            changed += sync.install(bundle, args.force)
        except (OSError, tarfile.TarError) as exc:
            log.error("%s failed: %s", bundle["name"], exc)
            return 1
    sync.save()
    log.info("%d bundle(s) updated", changed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
