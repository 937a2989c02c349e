#!/usr/bin/env python3
"""Licence audit for the project's pinned dependencies.

For every ``name==version`` pin in the lock file, downloads the sdist from
PyPI, unpacks it under ``.license-scan/`` and looks for LICENSE/COPYING files
and the declared licence in PKG-INFO.  Packages whose licence is not on the
allowlist are reported, so maintainers can check them before a release.
"""
import argparse
import csv
import email.parser
import logging
import re
import sys
import tarfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

log = logging.getLogger("license-scan")

PYPI_JSON = "https://pypi.org/pypi/{name}/{version}/json"
WORK = Path(".license-scan")
ALLOWED = {"MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "ISC", "PSF-2.0", "MPL-2.0"}
LICENSE_FILE_RE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)(\.\w+)?$", re.I)
PIN_RE = re.compile(r"^\s*([A-Za-z0-9._-]+)==([^\s;#]+)")
SPDX_HINTS = [
    ("Apache-2.0", re.compile(r"Apache License,?\s+Version 2\.0", re.I)),
    ("MIT", re.compile(r"Permission is hereby granted, free of charge", re.I)),
    ("BSD-3-Clause", re.compile(r"Neither the name of .* nor the names", re.I | re.S)),
    ("MPL-2.0", re.compile(r"Mozilla Public License,? v(ersion)? ?2\.0", re.I)),
    ("GPL", re.compile(r"GNU (Lesser |Affero )?General Public License", re.I)),
]


def read_pins(lockfile):
    for line in Path(lockfile).read_text(encoding="utf-8").splitlines():
        m = PIN_RE.match(line)
        if m:
            yield m.group(1), m.group(2)


def fetch_sdist(session, name, version):
    meta = session.get(PYPI_JSON.format(name=name, version=version), timeout=20)
    meta.raise_for_status()
    sdists = [u for u in meta.json()["urls"] if u["packagetype"] == "sdist"]
    if not sdists:
        raise LookupError("no sdist published")
    url = sdists[0]["url"]
    target = WORK / "dl" / sdists[0]["filename"]
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        with session.get(url, stream=True, timeout=60) as resp:
            resp.raise_for_status()
            with open(target, "wb") as fh:
                for chunk in resp.iter_content(1 << 16):
                    fh.write(chunk)
    return target


def unpack(archive, dest):
    dest.mkdir(parents=True, exist_ok=True)
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(dest)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(dest)
    return dest


def classify(tree):
    declared, found = None, []
    for path in tree.rglob("*"):
        if path.name == "PKG-INFO" and declared is None:
            msg = email.parser.Parser().parsestr(path.read_text(errors="replace"))
            declared = msg.get("License-Expression") or msg.get("License")
        elif LICENSE_FILE_RE.match(path.name) and path.is_file():
            text = path.read_text(errors="replace")
            found += [spdx for spdx, rx in SPDX_HINTS if rx.search(text)]
    return declared, sorted(set(found))


def scan_one(session, name, version):
    try:
        archive = fetch_sdist(session, name, version)
        tree = unpack(archive, WORK / "src" / f"{name}-{version}")
        declared, detected = classify(tree)
    except (requests.RequestException, LookupError, tarfile.TarError, zipfile.BadZipFile) as exc:
        return {"name": name, "version": version, "status": "error", "detail": str(exc)}
    ok = bool(detected) and set(detected) <= ALLOWED
    return {"name": name, "version": version, "declared": declared or "",
            "detected": " ".join(detected), "status": "ok" if ok else "review"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("lockfile", nargs="?", default="requirements/lock.txt")
    ap.add_argument("-o", "--output", default="license-report.csv")
    ap.add_argument("-j", "--jobs", type=int, default=6)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pins = list(read_pins(args.lockfile))
    log.info("scanning %d pinned packages", len(pins))
    session = requests.Session()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda p: scan_one(session, *p), pins))

    with open(args.output, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["name", "version", "status", "declared",
                                                "detected", "detail"], restval="")
        writer.writeheader()
        writer.writerows(rows)
    review = [r for r in rows if r["status"] != "ok"]
    for r in review:
        log.warning("%s %s: %s %s", r["name"], r["version"], r["status"],
                    r.get("detected") or r.get("detail", ""))
    log.info("report written to %s (%d need review)", args.output, len(review))
    return 1 if review else 0


if __name__ == "__main__":
    sys.exit(main())
