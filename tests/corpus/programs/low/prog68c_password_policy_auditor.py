#!/usr/bin/env python3
"""Audit local password policy against the corporate baseline.

Checks aging parameters in login.defs, complexity settings in
pwquality.conf and the PAM password stack, then writes a JSON report under
./reports/ and prints a short table. Exit status is the number of failed
controls (capped at 100) so CI and the compliance cron can gate on it.

Baseline: policy_baseline.toml in the working directory, or built-in CIS
level 1 values.
"""
import argparse
import json
import logging
import platform
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

LOG = logging.getLogger("pwpolicy")

BUILTIN_BASELINE = {
    "login_defs": {"PASS_MAX_DAYS": ("<=", 365), "PASS_MIN_DAYS": (">=", 1),
                   "PASS_WARN_AGE": (">=", 7), "ENCRYPT_METHOD": ("in", ["SHA512", "YESCRYPT"])},
    "pwquality": {"minlen": (">=", 14), "minclass": (">=", 3), "dcredit": ("<=", -1),
                  "maxrepeat": ("<=", 3), "dictcheck": ("==", 1)},
    "pam": {"remember": (">=", 5)},
}

SOURCES = {
    "login_defs": Path("/etc/login.defs"),
    "pwquality": Path("/etc/security/pwquality.conf"),
}
PAM_CANDIDATES = [Path("/etc/pam.d/common-password"), Path("/etc/pam.d/system-auth")]


def load_baseline(path):
    if path.is_file() and tomllib:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
        return {sec: {k: tuple(v) for k, v in items.items()} for sec, items in raw.items()}
    return BUILTIN_BASELINE


def parse_keyvalue(path, sep=None):
    """Parse 'KEY VALUE' or 'key = value' files, ignoring comments."""
    values = {}
    try:
        text = path.read_text()
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
        return values
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" in line:
            key, _, val = line.partition("=")
        else:
            key, _, val = line.partition(" ")
        values[key.strip()] = val.strip()
    return values


def parse_pam(paths):
    for path in paths:
        if not path.is_file():
            continue
        opts = {}
        for line in path.read_text().splitlines():
            if line.lstrip().startswith("#") or "password" not in line:
                continue
            for m in re.finditer(r"(\w+)=(\S+)", line):
                opts[m.group(1)] = m.group(2)
        return path, opts
    return None, {}


def coerce(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return value


def evaluate(op, actual, expected):
    if actual is None:
        return False
    actual = coerce(actual)
    if op == "in":
        return actual in expected
    if not isinstance(actual, int):
        return False
    return {"<=": actual <= expected, ">=": actual >= expected, "==": actual == expected}[op]


def audit(baseline):
    observed = {sec: parse_keyvalue(p) for sec, p in SOURCES.items()}
    pam_path, observed["pam"] = parse_pam(PAM_CANDIDATES)
    results = []
    for section, controls in baseline.items():
        for key, (op, expected) in controls.items():
            actual = observed.get(section, {}).get(key)
            source = str(pam_path) if section == "pam" else str(SOURCES.get(section))
            results.append({
                "control": f"{section}.{key}", "source": source, "expected": f"{op} {expected}",
                "actual": actual, "pass": evaluate(op, actual, expected),
            })
    return results


def write_report(results, outdir):
    outdir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    path = outdir / f"pwpolicy-{platform.node()}-{stamp}.json"
    path.write_text(json.dumps({"host": platform.node(), "generated": stamp,
                                "results": results}, indent=2))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, default=Path("policy_baseline.toml"))
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    results = audit(load_baseline(args.baseline))
    report = write_report(results, args.reports)
    failed = [r for r in results if not r["pass"]]
    if not args.quiet:
        for r in results:
            print(f"{'PASS' if r['pass'] else 'FAIL':4}  {r['control']:<28} "
                  f"expected {r['expected']:<22} actual {r['actual']}")
    LOG.info("%d/%d controls passed; report %s", len(results) - len(failed), len(results), report)
    return min(len(failed), 100)


if __name__ == "__main__":
    sys.exit(main())
