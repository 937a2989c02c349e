#!/usr/bin/env python3
"""Check the licenses of installed Python distributions against a policy.

policy.json:
    {"allow": ["MIT", "BSD-3-Clause", "Apache-2.0"],
     "review": ["LGPL-3.0-or-later", "MPL-2.0"],
     "exceptions": {"certifi": "MPL-2.0 accepted by legal 2024-03"}}

Exit code 1 if any dependency is neither allowed nor excepted.
"""
import argparse
import json
import re
import sys
from importlib import metadata
from pathlib import Path

ALIASES = {
    "mit license": "MIT",
    "mit": "MIT",
    "bsd": "BSD-3-Clause",
    "bsd license": "BSD-3-Clause",
    "new bsd license": "BSD-3-Clause",
    "apache 2.0": "Apache-2.0",
    "apache software license": "Apache-2.0",
    "apache license 2.0": "Apache-2.0",
    "mozilla public license 2.0 (mpl 2.0)": "MPL-2.0",
    "python software foundation license": "PSF-2.0",
    "isc license (iscl)": "ISC",
}


def normalise(raw: str) -> str:
    key = raw.strip().lower()
    return ALIASES.get(key, raw.strip())


def license_of(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expr = meta.get("License-Expression")
    if expr:
        return expr.strip()
    lic = meta.get("License") or ""
    if lic and len(lic) < 80 and lic.upper() != "UNKNOWN":
        return normalise(lic)
    for classifier in meta.get_all("Classifier") or []:
        if classifier.startswith("License :: OSI Approved :: "):
            return normalise(classifier.rsplit("::", 1)[1])
    return "UNKNOWN"


def required_names(requirements: Path):
    names = set()
    for line in requirements.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)", line)
        if m:
            names.add(m.group(1).lower().replace("_", "-"))
    return names


def classify(lic: str, policy: dict) -> str:
    parts = re.split(r"\s+(?:OR|AND)\s+", lic)
    if any(p in policy["allow"] for p in parts):
        return "ok"
    if any(p in policy.get("review", []) for p in parts):
        return "review"
    return "denied"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--policy", type=Path, default=Path("policy.json"))
    ap.add_argument("--requirements", type=Path)
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args()

    policy = json.loads(args.policy.read_text())
    wanted = required_names(args.requirements) if args.requirements else None
    report, failures = [], 0
    for dist in sorted(metadata.distributions(), key=lambda d: d.metadata["Name"].lower()):
        name = dist.metadata["Name"]
        if wanted is not None and name.lower().replace("_", "-") not in wanted:
            continue
        lic = license_of(dist)
        verdict = classify(lic, policy)
        if verdict != "ok" and name in policy.get("exceptions", {}):
            verdict = "excepted"
        if verdict == "denied":
            failures += 1
        report.append({"name": name, "version": dist.version,
                       "license": lic, "verdict": verdict})

    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for r in report:
            print(f"{r['verdict']:<9} {r['name']:<30} {r['version']:<12} {r['license']}")
        print(f"\n{len(report)} packages checked, {failures} not allowed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
