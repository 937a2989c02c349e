#!/usr/bin/env python3
"""Tally the licenses of pinned Python requirements and emit a small SPDX-style report.

License data is fetched from the public PyPI JSON API and cached under
./.license-cache so repeated CI runs do not hammer the index.
"""
import argparse
import hashlib
import json
import logging
import re
from pathlib import Path

import requests
import yaml

LOG = logging.getLogger("license-tally")
PYPI_URL = "https://pypi.org/pypi/{name}/{version}/json"
PIN_RE = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*==\s*([A-Za-z0-9_.\-+!]+)")
CACHE_DIR = Path(".license-cache")


def parse_pins(req_file: Path):
    pins = []
    for line in req_file.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0]
        match = PIN_RE.match(line)
        if match:
            pins.append((match.group(1).lower(), match.group(2)))
        elif line.strip():
            LOG.warning("skipping unpinned requirement: %s", line.strip())
    return pins


def cache_key(name: str, version: str) -> Path:
    digest = hashlib.md5(f"{name}=={version}".encode()).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def fetch_metadata(session, name, version):
    cached = cache_key(name, version)
    if cached.exists():
        return json.loads(cached.read_text())
    resp = session.get(PYPI_URL.format(name=name, version=version), timeout=15)
    if resp.status_code == 404:
        LOG.error("%s==%s not found on PyPI", name, version)
        return None
    resp.raise_for_status()
    info = resp.json()["info"]
    slim = {"license": info.get("license") or "", "classifiers": info.get("classifiers", [])}
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(slim))
    return slim


def normalise_license(meta) -> str:
    for classifier in meta.get("classifiers", []):
        if classifier.startswith("License :: OSI Approved :: "):
            return classifier.rsplit("::", 1)[-1].strip()
    text = (meta.get("license") or "").strip()
    return text.splitlines()[0][:60] if text else "NOASSERTION"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requirements", default="requirements.txt", type=Path)
    parser.add_argument("--policy", default="license-policy.yml", type=Path)
    parser.add_argument("--out", default="licenses.spdx.json", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    policy = {"deny": [], "review": []}
    if args.policy.exists():
        with args.policy.open() as fh:
            policy.update(yaml.safe_load(fh) or {})

    packages, violations = [], 0
    with requests.Session() as session:
        session.headers["User-Agent"] = "license-tally/1.4"
        for name, version in parse_pins(args.requirements):
            meta = fetch_metadata(session, name, version)
            if meta is None:
                continue
            lic = normalise_license(meta)
            status = "ok"
            if any(d.lower() in lic.lower() for d in policy["deny"]):
                status, violations = "denied", violations + 1
            elif any(r.lower() in lic.lower() for r in policy["review"]):
                status = "review"
            packages.append({"SPDXID": f"SPDXRef-{name}", "name": name,
                             "versionInfo": version, "licenseDeclared": lic,
                             "policyStatus": status})
            LOG.debug("%s %s -> %s (%s)", name, version, lic, status)

    doc = {"spdxVersion": "SPDX-2.3", "name": args.requirements.name,
           "dataLicense": "CC0-1.0", "packages": packages}
    args.out.write_text(json.dumps(doc, indent=2))
    LOG.info("wrote %d packages to %s, %d policy violations", len(packages), args.out, violations)
    return 1 if violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
