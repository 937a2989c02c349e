#!/usr/bin/env python3
"""Health report for a Samba/winbind domain member.

Runs the read-only Samba client tools as the current user and writes a JSON
report to ./health/<hostname>.json for the monitoring collector to pick up.
"""
import argparse
import json
import logging
import shutil
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("winbind-health")

CHECKS = {
    "dc_ping":      ["wbinfo", "--ping-dc"],
    "trust_secret": ["wbinfo", "--check-secret"],
    "own_domain":   ["wbinfo", "--own-domain"],
    "dc_info":      ["wbinfo", "--dc-info", "{domain}"],
    "ads_info":     ["net", "ads", "info"],
    "ticket":       ["klist", "-s"],
    "testparm":     ["testparm", "-s", "--suppress-prompt"],
}


def run_check(name, argv, timeout):
    if shutil.which(argv[0]) is None:
        return {"name": name, "status": "missing", "output": ""}
    started = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"name": name, "status": "timeout", "output": ""}
    return {
        "name": name,
        "status": "ok" if proc.returncode == 0 else "fail",
        "rc": proc.returncode,
        "seconds": round(time.monotonic() - started, 3),
        "output": (proc.stdout or proc.stderr).strip()[:2000],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--outdir", default="health")
    ap.add_argument("--timeout", type=int, default=20)
    ap.add_argument("--skip", action="append", default=[])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    results = []
    domain = None
    for name, template in CHECKS.items():
        if name in args.skip:
            continue
        if "{domain}" in " ".join(template) and not domain:
            log.info("skipping %s, domain unknown", name)
            continue
        argv = [part.format(domain=domain) for part in template]
        result = run_check(name, argv, args.timeout)
        if name == "own_domain" and result["status"] == "ok":
            domain = result["output"].splitlines()[0]
        log.info("%-13s %s", name, result["status"])
        results.append(result)

    out = Path(args.outdir)
    out.mkdir(exist_ok=True)
    host = socket.gethostname()
    report = {
        "host": host,
        "domain": domain,
        "generated": int(time.time()),
        "healthy": all(r["status"] == "ok" for r in results),
        "checks": results,
    }
    (out / f"{host}.json").write_text(json.dumps(report, indent=2))
    return 0 if report["healthy"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
