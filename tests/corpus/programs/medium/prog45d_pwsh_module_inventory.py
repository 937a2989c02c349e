#!/usr/bin/env python3
"""Inventory PowerShell modules on a Linux CI runner.

Our build images ship PowerShell 7 so the Windows packaging scripts can be
tested on Linux. This asks ``pwsh`` which modules are available, compares
them with ``ci/pwsh-modules.json`` and prints what is missing or outdated.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("pwsh-inventory")

QUERY = ("Get-Module -ListAvailable | "
         "Select-Object Name, @{n='Version';e={$_.Version.ToString()}} | "
         "Sort-Object Name -Unique | ConvertTo-Json -Compress")


class PwshError(RuntimeError):
    pass


def find_pwsh(explicit):
    candidates = [explicit] if explicit else ["pwsh", "pwsh-preview", "powershell"]
    for name in candidates:
        path = shutil.which(name) if name else None
        if path:
            return path
    raise PwshError("no PowerShell executable found on PATH")


def run_query(pwsh: str, timeout: int) -> list:
    cmd = [pwsh, "-NoLogo", "-NoProfile", "-NonInteractive", "-Command", QUERY]
    log.debug("running %s", cmd)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise PwshError(proc.stderr.strip() or f"pwsh exited {proc.returncode}")
    data = json.loads(proc.stdout or "[]")
    return data if isinstance(data, list) else [data]


def version_tuple(v: str):
    return tuple(int(p) if p.isdigit() else 0 for p in v.split("."))


def compare(installed: list, wanted: dict):
    have = {m["Name"].lower(): m["Version"] for m in installed}
    missing, outdated = [], []
    for name, minimum in wanted.items():
        current = have.get(name.lower())
        if current is None:
            missing.append(name)
        elif version_tuple(current) < version_tuple(minimum):
            outdated.append((name, current, minimum))
    return missing, outdated


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pwsh", help="path to pwsh (default: search PATH)")
    ap.add_argument("--wanted", type=Path, default=Path("ci/pwsh-modules.json"))
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        pwsh = find_pwsh(args.pwsh)
        installed = run_query(pwsh, args.timeout)
    except (PwshError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        log.error("inventory failed: %s", exc)
        return 2

    wanted = json.loads(args.wanted.read_text()) if args.wanted.exists() else {}
    missing, outdated = compare(installed, wanted)

    if args.json:
        print(json.dumps({"installed": len(installed), "missing": missing,
                          "outdated": [dict(zip(("name", "have", "want"), o)) for o in outdated]},
                         indent=2))
    else:
        print(f"{len(installed)} modules available via {pwsh}")
        for name in missing:
            print(f"  MISSING   {name}")
        for name, have, want in outdated:
            print(f"  OUTDATED  {name} {have} < {want}")
    return 1 if (missing or outdated) else 0


if __name__ == "__main__":
    sys.exit(main())
