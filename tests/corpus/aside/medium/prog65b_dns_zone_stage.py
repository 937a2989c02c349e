#!/usr/bin/env python3
"""Bump, validate and stage a BIND zone file, then watch it propagate.

    dns_zone_stage.py zones/corp.example.zone --origin corp.example

Steps: bump the SOA serial (YYYYMMDDnn), run named-checkzone on the result,
write the staged copy under ./staged/, then resolve each A/AAAA/CNAME owner
name until it answers so the operator knows secondaries picked it up.
"""
import argparse
import configparser
import datetime as dt
import logging
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("zone-stage")

DEFAULTS = {
    "checkzone": "named-checkzone",
    "staged_dir": "./staged",
    "probe_rounds": "5",
    "probe_wait": "20",
}

SERIAL_RE = re.compile(r"(\bSOA\b[^(]*\(\s*)(\d{8,10})", re.IGNORECASE | re.DOTALL)
RECORD_RE = re.compile(r"^(?P<name>[^\s;$]+)\s+(?:\d+\s+)?(?:IN\s+)?(?P<type>A|AAAA|CNAME)\s+",
                       re.IGNORECASE)


def load_config(path):
    cp = configparser.ConfigParser()
    cp["publish"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
    return cp["publish"]


def bump_serial(text):
    m = SERIAL_RE.search(text)
    if not m:
        raise ValueError("no SOA serial found")
    old = m.group(2)
    today = dt.date.today().strftime("%Y%m%d")
    if old.startswith(today):
        new = str(int(old) + 1)
    else:
        new = today + "01"
    return text[:m.start(2)] + new + text[m.end(2):], old, new


def run_checkzone(binary, origin, zone_path):
    proc = subprocess.run([binary, "-q", origin, str(zone_path)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout.strip() or proc.stderr.strip())


def owner_names(text, origin):
    for line in text.splitlines():
        m = RECORD_RE.match(line)
        if not m:
            continue
        name = m.group("name")
        if name == "@":
            yield origin
        elif name.endswith("."):
            yield name.rstrip(".")
        else:
            yield f"{name}.{origin}"


def probe(names, rounds, wait):
    pending = set(names)
    for r in range(1, rounds + 1):
        for name in sorted(pending):
            try:
                socket.getaddrinfo(name, None)
                pending.discard(name)
            except socket.gaierror:
                continue
        log.info("round %d: %d/%d resolving", r, len(names) - len(pending), len(names))
        if not pending:
            return True
        time.sleep(wait)
    log.warning("still not resolving: %s", ", ".join(sorted(pending)))
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="stage a BIND zone and watch propagation")
    ap.add_argument("zone", type=Path)
    ap.add_argument("--origin", required=True)
    ap.add_argument("--config", default="./zonepublish.ini")
    ap.add_argument("--no-probe", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    cfg = load_config(args.config)

    try:
        text = args.zone.read_text()
        new_text, old, new = bump_serial(text)
    except (OSError, ValueError) as exc:
        log.error("%s: %s", args.zone, exc)
        return 1

    staged = Path(cfg["staged_dir"])
    staged.mkdir(parents=True, exist_ok=True)
    target = staged / args.zone.name
    target.write_text(new_text)
    log.info("serial %s -> %s, staged at %s", old, new, target)

    try:
        run_checkzone(cfg["checkzone"], args.origin, target)
    except (RuntimeError, FileNotFoundError) as exc:
        log.error("named-checkzone failed: %s", exc)
        return 1

    if args.no_probe:
        return 0
    names = sorted(set(owner_names(new_text, args.origin)))
    ok = probe(names, cfg.getint("probe_rounds"), cfg.getint("probe_wait"))
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
