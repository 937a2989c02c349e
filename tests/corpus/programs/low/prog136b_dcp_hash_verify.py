#!/usr/bin/env python3
"""Verify a DCP's assets against the hashes in its packing list (PKL).

SMPTE and Interop packing lists carry a base64 SHA-1 digest and a size for
every asset. This re-hashes each MXF/XML in the package folder, compares,
and writes a small report that also records which booth machine ran it.
Partial results are cached in the working folder so an interrupted check
on a 300 GB feature can resume.
"""
import argparse
import base64
import hashlib
import json
import logging
import sys
from defusedxml import ElementTree as ET  # PKLs come from outside distributors
from pathlib import Path

log = logging.getLogger("dcp-verify")

CACHE_NAME = ".verify_cache.json"
CHUNK = 8 * 1024 * 1024


def machine_summary():
    """CPU model and distro name for the report header."""
    cpu = "unknown cpu"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    distro = "unknown os"
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                distro = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return f"{cpu} / {distro}"


def local(tag):
    return tag.rsplit("}", 1)[-1]


def read_pkl(pkl_path):
    """Return {asset_id: (hash_b64, size)} from a PKL regardless of namespace."""
    assets = {}
    for el in ET.parse(pkl_path).getroot().iter():
        if local(el.tag) != "Asset":
            continue
        fields = {local(c.tag): (c.text or "").strip() for c in el}
        assets[fields.get("Id", "")] = (fields.get("Hash"), int(fields.get("Size", 0)))
    return assets


def read_assetmap(folder):
    """Map asset ids to file paths using the ASSETMAP."""
    am = next((p for p in folder.iterdir() if p.name.upper().startswith("ASSETMAP")), None)
    if am is None:
        raise FileNotFoundError("no ASSETMAP in %s" % folder)
    paths = {}
    for el in ET.parse(am).getroot().iter():
        if local(el.tag) != "Asset":
            continue
        aid = next((c.text.strip() for c in el if local(c.tag) == "Id"), None)
        path = next((c.text.strip() for c in el.iter() if local(c.tag) == "Path"), None)
        if aid and path:
            paths[aid] = folder / path
    return paths


def digest_b64(path):
    # SHA-1 here is the integrity digest the DCP standard defines
    h = hashlib.sha1(usedforsecurity=False)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK), b""):
            h.update(block)
    return base64.b64encode(h.digest()).decode()


class Verifier:
    def __init__(self, folder, fresh=False):
        self.folder = Path(folder)
        self.cache_file = Path.cwd() / CACHE_NAME
        if fresh and self.cache_file.exists():
            self.cache_file.unlink()
        self.cache = json.loads(self.cache_file.read_text()) if self.cache_file.exists() else {}

    def run(self):
        paths = read_assetmap(self.folder)
        results = []
        for pkl in self.folder.glob("*PKL*.xml"):
            for aid, (want, size) in read_pkl(pkl).items():
                p = paths.get(aid)
                if p is None or not p.exists():
                    results.append((aid, "MISSING", str(p)))
                    continue
                if p.stat().st_size != size:
                    results.append((aid, "SIZE", p.name))
                    continue
                got = self.cache.get(str(p)) or digest_b64(p)
                self.cache[str(p)] = got
                self.cache_file.write_text(json.dumps(self.cache))
                results.append((aid, "OK" if got == want else "HASH", p.name))
        return results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("package")
    ap.add_argument("--fresh", action="store_true", help="ignore cached digests")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    print("checked on:", machine_summary())
    try:
        results = Verifier(args.package, args.fresh).run()
    except (OSError, ET.ParseError) as exc:
        log.error("cannot verify: %s", exc)
        return 2
    bad = [r for r in results if r[1] != "OK"]
    for aid, status, name in results:
        print(f"{status:8} {name}")
    print(f"{len(results) - len(bad)}/{len(results)} assets OK")
    if not bad:
        Path(CACHE_NAME).unlink(missing_ok=True)  # clean up once fully verified
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
