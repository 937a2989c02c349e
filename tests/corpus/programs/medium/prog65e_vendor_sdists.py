#!/usr/bin/env python3
"""Vendor pure-Python dependencies into src/<pkg>/_vendor.

Reads pinned requirements from vendor.txt, downloads the matching sdists
from PyPI (checking the sha256 PyPI publishes), unpacks them, copies the
importable package into the _vendor tree and applies any local patches from
tools/vendor_patches/<name>.patch.
"""
import argparse
import hashlib
import io
import logging
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import requests

log = logging.getLogger("vendor")

PYPI_JSON = "https://pypi.org/pypi/{name}/{version}/json"
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*==\s*([^\s#;]+)")


def read_pins(path):
    for line in Path(path).read_text().splitlines():
        m = PIN_RE.match(line)
        if m:
            yield m.group(1), m.group(2)


def sdist_url(session, name, version):
    r = session.get(PYPI_JSON.format(name=name, version=version), timeout=20)
    r.raise_for_status()
    for f in r.json()["urls"]:
        if f["packagetype"] == "sdist" and f["filename"].endswith(".tar.gz"):
            return f["url"], f["digests"]["sha256"]
    raise LookupError(f"{name}=={version} has no .tar.gz sdist")


def download(session, url, sha256):
    r = session.get(url, timeout=60)
    r.raise_for_status()
    got = hashlib.sha256(r.content).hexdigest()
    if got != sha256:
        raise ValueError(f"sha256 mismatch for {url}: {got}")
    return r.content


def unpack(blob, workdir):
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        top = tar.getnames()[0].split("/")[0]
        tar.extractall(workdir)
    return workdir / top


def find_importable(src_root, name):
    mod = name.lower().replace("-", "_")
    for base in (src_root / "src", src_root):
        if (base / mod / "__init__.py").exists():
            return base / mod
        if (base / f"{mod}.py").exists():
            return base / f"{mod}.py"
    raise FileNotFoundError(f"cannot find importable {mod} in {src_root}")


def apply_patch(vendor_dir, name, patches_dir):
    patch = patches_dir / f"{name}.patch"
    if not patch.exists():
        return False
    subprocess.run(["git", "apply", "--directory", str(vendor_dir), str(patch)], check=True)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pins", default="vendor.txt")
    ap.add_argument("--dest", required=True, help="e.g. src/mytool/_vendor")
    ap.add_argument("--work", default=".vendor-work")
    ap.add_argument("--patches", default="tools/vendor_patches")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    dest, work = Path(args.dest), Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    dest.mkdir(parents=True, exist_ok=True)

    session = requests.Session()
    session.headers["User-Agent"] = "vendor-sdists/1.3"
    manifest = []
    for name, version in read_pins(args.pins):
        try:
            url, digest = sdist_url(session, name, version)
            root = unpack(download(session, url, digest), work)
            src = find_importable(root, name)
        except (requests.RequestException, LookupError, ValueError, FileNotFoundError) as exc:
            log.error("%s==%s: %s", name, version, exc)
            return 1
        target = dest / src.name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, target)
        for lic in root.glob("LICEN[CS]E*"):
            shutil.copy2(lic, dest / f"{src.stem}.{lic.name}")
        patched = apply_patch(dest, name, Path(args.patches))
        manifest.append(f"{name}=={version}" + ("  # patched" if patched else ""))
        log.info("vendored %s %s%s", name, version, " (patched)" if patched else "")

    (dest / "vendor.txt").write_text("\n".join(manifest) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
