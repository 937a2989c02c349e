#!/usr/bin/env python3
"""Prepares a host for a high-fan-out metrics scraper (thousands of short
TCP connections): raises kernel limits that the scraper tends to hit."""
import argparse
import logging
from pathlib import Path

log = logging.getLogger("scraper-tune")

PROC_SYS = Path("/proc/sys")

# sysctl key -> minimum value the scraper needs
WANTED = {
    "net.core.somaxconn": 4096,
    "net.ipv4.tcp_max_syn_backlog": 8192,
    "net.ipv4.ip_local_port_range": "15000 64000",
    "net.ipv4.tcp_tw_reuse": 1,
    "fs.file-max": 2097152,
}


def key_to_path(key):
    return PROC_SYS.joinpath(*key.split("."))


def current(key):
    try:
        return key_to_path(key).read_text().strip()
    except OSError as exc:
        log.warning("cannot read %s: %s", key, exc)
        return None


def needs_change(key, have, want):
    if have is None:
        return False
    if isinstance(want, int):
        try:
            return int(have) < want
        except ValueError:
            return True
    return " ".join(have.split()) != want


def apply(key, want, dry_run):
    path = key_to_path(key)
    if dry_run:
        log.info("[dry-run] would write %r to %s", want, path)
        return True
    try:
        with open(path, "w") as fh:
            fh.write(f"{want}\n")
        log.info("set %s = %s", key, want)
        return True
    except PermissionError:
        log.error("permission denied writing %s (run as root)", path)
    except OSError as exc:
        log.error("failed to set %s: %s", key, exc)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--only", action="append", help="limit to these keys")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    failures = 0
    for key, want in WANTED.items():
        if args.only and key not in args.only:
            continue
        have = current(key)
        if not needs_change(key, have, want):
            log.info("%s already %s", key, have)
            continue
        if not apply(key, want, args.dry_run):
            failures += 1
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
