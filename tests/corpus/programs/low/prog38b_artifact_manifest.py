#!/usr/bin/env python3
"""Write a provenance manifest for the release artefacts in ./dist.

For each wheel / sdist / crate file the manifest records size, SHA-256 and a
base64 form of the digest (the format some registries expect), plus a short
MD5-based cache key used by the CI cache step.  Build-host metadata comes from
/etc/os-release and /proc/cpuinfo.  The manifest is written next to the
artefacts and made readable by the owner only, because it later gets signed.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import platform
import sys
import time
from pathlib import Path

ARTEFACT_SUFFIXES = (".whl", ".tar.gz", ".zip", ".crate", ".tgz")
CHUNK = 1 << 20

log = logging.getLogger("manifest")


def os_release(path="/etc/os-release") -> dict:
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for raw in fh:
                key, sep, val = raw.strip().partition("=")
                if sep:
                    info[key] = val.strip('"')
    except OSError:
        log.debug("no %s on this host", path)
    return info


def cpu_model(path="/proc/cpuinfo") -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def digest_file(path: Path) -> dict:
    sha = hashlib.sha256()
    size = 0
    with path.open("rb") as fh:
        while True:
            block = fh.read(CHUNK)
            if not block:
                break
            sha.update(block)
            size += len(block)
    raw = sha.digest()
    return {
        "name": path.name,
        "size": size,
        "sha256": raw.hex(),
        "sha256_b64": base64.urlsafe_b64encode(raw).rstrip(b"=").decode(),
    }


def cache_key(entries) -> str:
    # Short, stable key for the CI artefact cache; not a security property.
    h = hashlib.md5(usedforsecurity=False)
    for e in sorted(entries, key=lambda x: x["name"]):
        h.update(e["name"].encode())
        h.update(e["sha256"].encode())
    return h.hexdigest()[:16]


def find_artefacts(dist: Path):
    for p in sorted(dist.iterdir()):
        if p.is_file() and p.name.endswith(ARTEFACT_SUFFIXES):
            yield p


def build_manifest(dist: Path, version: str) -> dict:
    entries = [digest_file(p) for p in find_artefacts(dist)]
    rel = os_release()
    return {
        "version": version,
        "generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "builder": {
            "os": rel.get("PRETTY_NAME", platform.system()),
            "os_id": rel.get("ID", ""),
            "kernel": platform.release(),
            "cpu": cpu_model(),
            "python": platform.python_version(),
        },
        "cache_key": cache_key(entries),
        "artefacts": entries,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description="Generate dist/MANIFEST.json")
    ap.add_argument("--dist", type=Path, default=Path("dist"))
    ap.add_argument("--version", default=os.environ.get("RELEASE_VERSION", "0.0.0.dev0"))
    ap.add_argument("--print-cache-key", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(name)s: %(message)s")

    if not args.dist.is_dir():
        log.error("%s does not exist; run the build first", args.dist)
        return 1
    manifest = build_manifest(args.dist, args.version)
    if not manifest["artefacts"]:
        log.error("no artefacts found in %s", args.dist)
        return 1

    out = args.dist / "MANIFEST.json"
    out.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    os.chmod(out, 0o600)
    for e in manifest["artefacts"]:
        log.info("%-48s %10d  %s", e["name"], e["size"], e["sha256"][:16])
    log.info("manifest written to %s", out)
    if args.print_cache_key:
        print(manifest["cache_key"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
