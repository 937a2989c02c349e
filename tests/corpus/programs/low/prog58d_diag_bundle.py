#!/usr/bin/env python3
"""Build a redacted diagnostics bundle for bug reports.

The bundle is written under ./diag/ in the working directory and is never
uploaded: the user reviews it and attaches it to a ticket by hand.
"""
import argparse
import io
import json
import logging
import os
import platform
import re
import sys
import tarfile
import time
from importlib import metadata
from pathlib import Path

log = logging.getLogger("diag-bundle")

SENSITIVE_NAME = re.compile(r"(TOKEN|SECRET|PASSW|KEY|CREDENTIAL|AUTH|COOKIE|SESSION)", re.I)
PACKAGES = ("requests", "urllib3", "boto3", "PyYAML", "cryptography", "click")


def redact_environment(env):
    """Keep variable names, replace anything credential-like by its length."""
    cleaned = {}
    for name, value in sorted(env.items()):
        if SENSITIVE_NAME.search(name):
            cleaned[name] = "<redacted:%d chars>" % len(value)
        else:
            cleaned[name] = value
    return cleaned


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, sep, value = line.strip().partition("=")
                if sep:
                    info[key] = value.strip('"')
    except OSError as exc:
        log.warning("cannot read %s: %s", path, exc)
    return info


def package_versions(names):
    versions = {}
    for name in names:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def collect(include_env):
    data = {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "python": sys.version,
        "platform": platform.platform(),
        "os_release": read_os_release(),
        "packages": package_versions(PACKAGES),
        "cwd_listing": sorted(p.name for p in Path.cwd().iterdir())[:200],
    }
    if include_env:
        data["environment"] = redact_environment(os.environ)
    return data


def write_bundle(data, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / time.strftime("diag-%Y%m%d-%H%M%S.tar.gz")
    payload = json.dumps(data, indent=2, default=str).encode("utf-8")
    with tarfile.open(target, "w:gz") as tar:
        member = tarfile.TarInfo(name="diagnostics.json")
        member.size = len(payload)
        member.mtime = int(time.time())
        tar.addfile(member, io.BytesIO(payload))
    os.chmod(target, 0o600)
    return target


def prune_old(out_dir, keep):
    bundles = sorted(out_dir.glob("diag-*.tar.gz"))
    for old in bundles[:-keep] if keep > 0 else []:
        log.info("removing old bundle %s", old.name)
        old.unlink()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="diag", help="output directory (relative to cwd)")
    parser.add_argument("--no-env", action="store_true", help="skip the redacted environment")
    parser.add_argument("--keep", type=int, default=5, help="bundles to keep")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    out_dir = Path.cwd() / args.out
    data = collect(include_env=not args.no_env)
    target = write_bundle(data, out_dir)
    prune_old(out_dir, args.keep)
    log.info("wrote %s (%d bytes); review it before attaching to a ticket",
             target.relative_to(Path.cwd()), target.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
