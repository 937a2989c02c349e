#!/usr/bin/env python3
"""Configure the CUPS queues used for printed MAR sheets and comfort-kit labels.

Hospice nurses print a paper MAR for the home binder at each admission and
whenever orders change, and the pharmacy liaison prints comfort-kit labels
on the Zebra.  Every branch office has the same two queues; this tool reads
printers.json and creates/updates them, then sets the site-wide defaults
(letter, duplex off for MAR sheets) so nobody has to touch print dialogs.

    mar_printer_setup.py --config printers.json
    mar_printer_setup.py --list
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("mar_printers")
LPOPTIONS_SYSTEM = Path("/etc/cups/lpoptions")

DEFAULT_CONFIG = {
    "queues": [
        {"name": "MAR_Letter", "uri": "ipp://10.40.2.30/ipp/print",
         "model": "everywhere", "location": "Nurse station",
         "options": {"media": "Letter", "sides": "one-sided", "print-quality": "4"}},
        {"name": "Kit_Labels", "uri": "socket://10.40.2.31:9100",
         "model": "drv:///sample.drv/zebra.ppd", "location": "Pharmacy liaison desk",
         "options": {"media": "w288h432", "Darkness": "18"}},
    ],
    "default": "MAR_Letter",
}


class Elevator:
    """Runs administrative CUPS commands through the desktop's auth agent."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.tool = shutil.which("pkexec")
        if not self.tool and not dry_run:
            raise RuntimeError("pkexec not found; install policykit-1")

    def run(self, argv, stdin=None):
        cmd = [self.tool or "pkexec", *argv]
        LOG.info("+ %s", " ".join(cmd))
        if self.dry_run:
            return ""
        res = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120)
        if res.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({res.returncode}): {res.stderr.strip()}")
        return res.stdout

    def write_file(self, path, text):
        self.run(["tee", str(path)], stdin=text)


def existing_queues():
    try:
        out = subprocess.run(["lpstat", "-v"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.TimeoutExpired):
        return {}
    queues = {}
    for line in out.splitlines():
        # "device for MAR_Letter: ipp://10.40.2.30/ipp/print"
        if line.startswith("device for "):
            name, _, uri = line[len("device for "):].partition(": ")
            queues[name] = uri.strip()
    return queues


def configure_queue(elev, q, current):
    name = q["name"]
    if current.get(name) == q["uri"]:
        LOG.info("%s already points at %s", name, q["uri"])
    else:
        elev.run(["lpadmin", "-p", name, "-E", "-v", q["uri"], "-m", q["model"],
                  "-L", q.get("location", ""), "-D", q.get("description", name.replace("_", " "))])
    for key, val in q.get("options", {}).items():
        elev.run(["lpadmin", "-p", name, "-o", f"{key}-default={val}"])
    elev.run(["cupsenable", name])
    elev.run(["cupsaccept", name])


def render_lpoptions(cfg):
    lines = []
    for q in cfg["queues"]:
        opts = " ".join(f"{k}={v}" for k, v in q.get("options", {}).items())
        prefix = "Default" if q["name"] == cfg.get("default") else "Dest"
        lines.append(f"{prefix} {q['name']} {opts}".rstrip())
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Set up MAR and kit-label print queues")
    ap.add_argument("--config", type=Path, default=Path("printers.json"))
    ap.add_argument("--list", action="store_true", help="show current queues and exit")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    current = existing_queues()
    if args.list:
        for n, uri in sorted(current.items()):
            print(f"{n:20} {uri}")
        return 0

    cfg = json.loads(args.config.read_text()) if args.config.exists() else DEFAULT_CONFIG
    try:
        elev = Elevator(dry_run=args.dry_run)
        for q in cfg["queues"]:
            configure_queue(elev, q, current)
        elev.write_file(LPOPTIONS_SYSTEM, render_lpoptions(cfg))
        if cfg.get("default"):
            elev.run(["lpadmin", "-d", cfg["default"]])
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("configured %d queues; default is %s", len(cfg["queues"]), cfg.get("default"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
