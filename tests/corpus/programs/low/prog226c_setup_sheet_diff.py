#!/usr/bin/env python3
"""Compare two car setup sheets (JSON) and report what changed.

Either file may be "-" to read from a pipe, e.g.
    git show HEAD~1:setups/car11.json | setup_sheet_diff.py - setups/car11.json
Writes a human summary to stdout, a shell-sourceable env file with the
headline numbers (for the run-plan script that sources it) and a report
that embeds the new sheet as base64 for the setup archive.
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import shlex
import sys

LOG = logging.getLogger("setup_diff")

TOLERANCE = float(os.environ.get("SETUP_DIFF_TOLERANCE", "1e-6"))
OUT_DIR = os.environ.get("SETUP_DIFF_OUT", "./out")

HEADLINE = {
    "aero.front_wing_deg": "FW_ANGLE",
    "aero.rear_wing_deg": "RW_ANGLE",
    "suspension.front_ride_height_mm": "FRH",
    "suspension.rear_ride_height_mm": "RRH",
    "tyres.front_pressure_psi": "FPRESS",
    "tyres.rear_pressure_psi": "RPRESS",
    "brakes.bias_pct": "BBIAS",
}


def load(path):
    try:
        if path == "-":
            return json.load(sys.stdin), sys.stdin.name
        with open(path) as fh:
            return json.load(fh), path
    except (OSError, ValueError) as exc:
        raise SystemExit(f"cannot read setup {path}: {exc}")


def flatten(obj, prefix=""):
    flat = {}
    for key, value in obj.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            flat.update(flatten(value, name))
        else:
            flat[name] = value
    return flat


class SetupDiff:
    def __init__(self, old, new):
        self.old = flatten(old)
        self.new = flatten(new)

    def changes(self):
        for key in sorted(set(self.old) | set(self.new)):
            a, b = self.old.get(key), self.new.get(key)
            if isinstance(a, (int, float)) and isinstance(b, (int, float)):
                if abs(a - b) > TOLERANCE:
                    yield key, a, b, b - a
            elif a != b:
                yield key, a, b, None

    def headline_env(self):
        lines = []
        for key, var in HEADLINE.items():
            if key in self.new:
                lines.append(f"SETUP_{var}={shlex.quote(str(self.new[key]))}")
        return lines


def write_outputs(diff, new_raw, changes, tag):
    os.makedirs(OUT_DIR, exist_ok=True)
    env_path = os.path.join(OUT_DIR, f"setup_{tag}.env")
    with open(env_path, "w") as fh:
        fh.write("\n".join(diff.headline_env() + [f"SETUP_CHANGES={len(changes)}"]) + "\n")
    os.chmod(env_path, 0o600)

    report_path = os.path.join(OUT_DIR, f"setup_{tag}.report.json")
    report = {
        "tag": tag,
        "changes": [{"key": k, "old": a, "new": b, "delta": d} for k, a, b, d in changes],
        "sheet_b64": base64.b64encode(new_raw).decode("ascii"),
    }
    with open(report_path, "w") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(report_path, 0o600)
    return env_path, report_path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    if args.old == "-" and args.new == "-":
        LOG.error("only one side can come from stdin")
        return 2

    old, old_name = load(args.old)
    new, new_name = load(args.new)
    new_raw = json.dumps(new, sort_keys=True).encode()
    tag = hashlib.md5(new_raw).hexdigest()[:10]

    diff = SetupDiff(old, new)
    changes = list(diff.changes())
    print(f"{old_name} -> {new_name}: {len(changes)} change(s)")
    for key, a, b, delta in changes:
        extra = f" ({delta:+.3f})" if delta is not None else ""
        print(f"  {key:<40} {a!s:>10} -> {b!s:<10}{extra}")

    env_path, report_path = write_outputs(diff, new_raw, changes, tag)
    LOG.info("env file %s, report %s", env_path, report_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
