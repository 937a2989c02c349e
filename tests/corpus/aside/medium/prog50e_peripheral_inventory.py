#!/usr/bin/env python3
"""Peripheral inventory for support tickets.

Runs a table of ordinary, unprivileged listing tools (lspci, lsusb, lsblk,
uname) and stores their output in ./inventory/peripherals-<ticket>.json.
Tools that are missing are recorded as such rather than failing the run.
"""
import argparse
import json
import logging
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("periph")

PROBES = [
    ("pci", ["lspci", "-nn"]),
    ("usb", ["lsusb"]),
    ("block", ["lsblk", "--json", "-o", "NAME,SIZE,TYPE,MODEL,TRAN"]),
    ("kernel", ["uname", "-srvm"]),
    ("gpu", ["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"]),
]


class ProbeResult:
    __slots__ = ("name", "ok", "output", "error")

    def __init__(self, name, ok, output="", error=""):
        self.name, self.ok, self.output, self.error = name, ok, output, error

    def as_dict(self):
        return {"ok": self.ok, "output": self.output, "error": self.error}


def run_probe(name, argv, timeout):
    if shutil.which(argv[0]) is None:
        return ProbeResult(name, False, error=f"{argv[0]} not installed")
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return ProbeResult(name, False, error="timeout")
    if proc.returncode != 0:
        return ProbeResult(name, False, proc.stdout, proc.stderr.strip())
    out = proc.stdout
    if argv[0] == "lsblk":
        try:
            out = json.loads(out)
        except json.JSONDecodeError:
            pass
    return ProbeResult(name, True, out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--only", nargs="*", help="subset of probes to run")
    ap.add_argument("--timeout", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    selected = [(n, a) for n, a in PROBES if not args.only or n in args.only]
    results = {}
    for name, argv in selected:
        res = run_probe(name, argv, args.timeout)
        LOG.info("%-7s %s", name, "ok" if res.ok else res.error)
        results[name] = res.as_dict()

    outdir = Path("inventory")
    outdir.mkdir(exist_ok=True)
    target = outdir / f"peripherals-{args.ticket}.json"
    target.write_text(json.dumps({
        "ticket": args.ticket,
        "generated": datetime.now().isoformat(timespec="seconds"),
        "probes": results,
    }, indent=2))
    LOG.info("saved %s", target)


if __name__ == "__main__":
    main()
