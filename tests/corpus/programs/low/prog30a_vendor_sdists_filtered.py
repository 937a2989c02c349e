#!/usr/bin/env python3
"""Vendor pure-Python dependencies into ``src/myapp/_vendor``.

Reads ``vendor.txt`` (``name==version`` per line), downloads the matching
sdist from PyPI's JSON API, verifies its sha256 digest and unpacks the
package directory into the vendor tree.  Archives are extracted with the
``data`` filter so that links, devices and absolute paths are refused.
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
LOG = logging.getLogger("vendor")


class VendorError(Exception):
    pass


def parse_vendor_file(path):
    pins = []
    for lineno, raw in enumerate(Path(path).read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "==" not in line:
            raise VendorError(f"{path}:{lineno}: expected name==version, got {line!r}")
        name, version = (part.strip() for part in line.split("==", 1))
        pins.append((name, version))
    return pins


def find_sdist(name, version, timeout):
    url = PYPI_JSON.format(name=name, version=version)
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        meta = json.load(resp)
    for item in meta.get("urls", []):
        if item.get("packagetype") == "sdist" and item["filename"].endswith(".tar.gz"):
            return item["url"], item["digests"]["sha256"]
    raise VendorError(f"no .tar.gz sdist published for {name} {version}")


def download(url, dest, expected_sha256, timeout):
    digest = hashlib.sha256()
    with urllib.request.urlopen(url, timeout=timeout) as resp, open(dest, "wb") as out:
        for chunk in iter(lambda: resp.read(65536), b""):
            digest.update(chunk)
            out.write(chunk)
    if digest.hexdigest() != expected_sha256:
        raise VendorError(f"sha256 mismatch for {url}")


def unpack_package(archive, name, vendor_dir, workdir):
    with tarfile.open(archive, "r:gz") as tar:
        tar.extractall(path=workdir, filter="data")
    roots = [p for p in Path(workdir).iterdir() if p.is_dir()]
    if len(roots) != 1:
        raise VendorError(f"unexpected sdist layout in {archive}")
    root = roots[0]
    import_name = name.replace("-", "_").lower()
    for candidate in (root / "src" / import_name, root / import_name, root / f"{import_name}.py"):
        if candidate.exists():
            target = vendor_dir / candidate.name
            if target.exists():
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink()
            if candidate.is_dir():
                shutil.copytree(candidate, target)
            else:
                shutil.copy2(candidate, target)
            licence = next(iter(root.glob("LICEN[CS]E*")), None)
            if licence:
                shutil.copy2(licence, vendor_dir / f"{import_name}.LICENSE")
            return target
    raise VendorError(f"could not locate package {import_name} inside sdist")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vendor-file", default="vendor.txt")
    parser.add_argument("--vendor-dir", default="src/myapp/_vendor")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    vendor_dir = Path(args.vendor_dir)
    vendor_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    for name, version in parse_vendor_file(args.vendor_file):
        try:
            url, sha = find_sdist(name, version, args.timeout)
            with tempfile.TemporaryDirectory(prefix="vendor-") as tmp:
                archive = Path(tmp) / "sdist.tar.gz"
                download(url, archive, sha, args.timeout)
                extract_dir = Path(tmp) / "x"
                extract_dir.mkdir()
                placed = unpack_package(archive, name, vendor_dir, extract_dir)
            LOG.info("vendored %s %s -> %s", name, version, placed)
        except (VendorError, OSError, tarfile.TarError) as exc:
            failures += 1
            LOG.error("%s %s: %s", name, version, exc)
    (vendor_dir / "__init__.py").touch()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
