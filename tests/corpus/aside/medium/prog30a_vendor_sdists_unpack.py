#!/usr/bin/env python3
"""Vendor pure-Python dependencies into ``lib/_vendor``.

For every ``name==version`` line in ``vendor.txt`` the sdist is looked up on
PyPI, downloaded, checked against the published sha256 and unpacked; the
import package is then copied into the vendor tree together with its
licence file.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

PYPI_JSON = "https://pypi.org/pypi/{name}/{version}/json"
LOG = logging.getLogger("vendorize")


class VendorError(Exception):
    """Raised when a pin cannot be vendored."""


def read_pins(path):
    pins = []
    with open(path, encoding="utf-8") as handle:
        for lineno, raw in enumerate(handle, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            name, sep, version = line.partition("==")
            if not sep:
                raise VendorError(f"{path}:{lineno}: pin must be name==version")
            pins.append((name.strip(), version.strip()))
    return pins


def locate_sdist(name, version, timeout):
    with urllib.request.urlopen(PYPI_JSON.format(name=name, version=version),
                                timeout=timeout) as resp:
        release = json.load(resp)
    for artefact in release.get("urls", []):
        if artefact.get("packagetype") != "sdist":
            continue
        if artefact["filename"].endswith((".tar.gz", ".tgz", ".tar.bz2")):
            return artefact["url"], artefact["digests"]["sha256"]
    raise VendorError(f"{name} {version} has no tar sdist")


def fetch(url, dest, sha256, timeout):
    hasher = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=timeout) as resp, open(dest, "wb") as fh:
        while True:
            block = resp.read(1 << 16)
            if not block:
                break
            hasher.update(block)
            fh.write(block)
    if hasher.hexdigest() != sha256:
        raise VendorError(f"checksum mismatch for {url}")


def explode(archive, workdir):
    """Unpack the whole sdist into workdir and return its top directory."""
    with tarfile.open(archive, "r:*") as tar:
        tar.extractall(workdir)
    tops = [p for p in Path(workdir).iterdir() if p.is_dir()]
    if len(tops) != 1:
        raise VendorError(f"unexpected layout in {archive.name}")
    return tops[0]


def copy_package(root, name, vendor_dir):
    import_name = name.replace("-", "_").lower()
    for candidate in (root / "src" / import_name, root / import_name,
                      root / f"{import_name}.py"):
        if not candidate.exists():
            continue
        target = vendor_dir / candidate.name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
        if candidate.is_dir():
            shutil.copytree(candidate, target,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(candidate, target)
        for licence in root.glob("LICEN[CS]E*"):
            shutil.copy2(licence, vendor_dir / f"{import_name}.LICENSE")
            break
        return target
    raise VendorError(f"{import_name} not found inside the sdist")


def main(argv=None):
    ap = argparse.ArgumentParser(description="vendor sdists into the source tree")
    ap.add_argument("--pins", default="vendor.txt")
    ap.add_argument("--dest", default="lib/_vendor")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--keep-going", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    vendor_dir = Path(args.dest)
    vendor_dir.mkdir(parents=True, exist_ok=True)
    errors = 0
    for name, version in read_pins(args.pins):
        try:
            url, digest = locate_sdist(name, version, args.timeout)
            with tempfile.TemporaryDirectory() as tmp:
                archive = Path(tmp) / Path(url).name
                fetch(url, archive, digest, args.timeout)
                root = explode(archive, Path(tmp) / "unpacked")
                placed = copy_package(root, name, vendor_dir)
            LOG.info("%s==%s -> %s", name, version, placed)
        except (VendorError, OSError, tarfile.TarError) as exc:
            errors += 1
            LOG.error("failed to vendor %s: %s", name, exc)
            if not args.keep_going:
                break
    (vendor_dir / "__init__.py").touch(exist_ok=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
