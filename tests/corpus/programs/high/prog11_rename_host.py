#!/usr/bin/env python3
"""Provisioning step: names this machine after its role and index."""
import argparse
import logging
import subprocess

log = logging.getLogger("rename")


def new_name(role: str, index: int, domain: str) -> str:
    return f"{role}-{index:02d}.{domain}"


def apply(name: str, dry_run: bool):
    cmd = ["hostname", name]
    log.info("running %s", " ".join(cmd))
    if not dry_run:
        subprocess.run(cmd, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("role")
    ap.add_argument("index", type=int)
    ap.add_argument("--domain", default="lab.example.com")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    apply(new_name(args.role, args.index, args.domain), args.dry_run)


if __name__ == "__main__":
    main()
