#!/usr/bin/env python3
"""ZPL bottle label builder.

Reads refill records as JSON lines (piped from the queue export, e.g.
`jq -c '.refills[]' queue.json | ./prog237c_zpl_label_builder.py`) or from a
file, and writes one ZPL label per refill into ./labels. Labels already built
for the same content are skipped using an MD5 cache key, so re-running the
batch only produces what changed.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("zpl-builder")

REQUIRED = ("rx_number", "patient_last", "patient_first", "drug", "qty", "sig")


@dataclass
class Refill:
    rx_number: str
    patient_last: str
    patient_first: str
    drug: str
    qty: str
    sig: str
    refills_left: int = 0
    prescriber: str = ""

    @classmethod
    def from_dict(cls, d):
        missing = [k for k in REQUIRED if not d.get(k)]
        if missing:
            raise ValueError(f"missing fields: {', '.join(missing)}")
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


def zpl_escape(text):
    return str(text).replace("^", " ").replace("~", " ")


def render(refill, store_name, store_phone):
    sig_lines = [refill.sig[i:i + 38] for i in range(0, len(refill.sig), 38)][:3]
    parts = ["^XA", "^CI28",
             f"^FO20,15^A0N,22,22^FD{zpl_escape(store_name)}  {zpl_escape(store_phone)}^FS",
             f"^FO20,45^A0N,30,30^FD{zpl_escape(refill.patient_last)}, "
             f"{zpl_escape(refill.patient_first)}^FS",
             f"^FO20,85^A0N,24,24^FDRx {zpl_escape(refill.rx_number)}   "
             f"Qty {zpl_escape(refill.qty)}^FS",
             f"^FO20,115^A0N,24,24^FD{zpl_escape(refill.drug)}^FS"]
    y = 150
    for line in sig_lines:
        parts.append(f"^FO20,{y}^A0N,22,22^FD{zpl_escape(line)}^FS")
        y += 26
    parts.append(f"^FO20,{y + 6}^A0N,20,20^FDRefills left: {refill.refills_left}  "
                 f"Dr. {zpl_escape(refill.prescriber)}^FS")
    parts.append(f"^FO420,15^BQN,2,4^FDMA,{zpl_escape(refill.rx_number)}^FS")
    parts.append("^XZ")
    return "\n".join(parts) + "\n"


def cache_key(zpl):
    return hashlib.md5(zpl.encode("utf-8")).hexdigest()


def read_records(source):
    for lineno, line in enumerate(source, 1):
        line = line.strip()
        if not line:
            continue
        try:
            yield lineno, json.loads(line)
        except json.JSONDecodeError as exc:
            LOG.warning("line %d: bad JSON (%s)", lineno, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input", nargs="?", help="JSON-lines file (default: stdin)")
    ap.add_argument("--out", default="labels")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    store_name = os.environ.get("RX_STORE_NAME", "Pharmacy")
    store_phone = os.environ.get("RX_STORE_PHONE", "")
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    cache_file = out / ".cache_keys"
    seen = set(cache_file.read_text().split()) if cache_file.exists() else set()

    source = open(args.input) if args.input else sys.stdin
    built = skipped = errors = 0
    try:
        for lineno, rec in read_records(source):
            try:
                refill = Refill.from_dict(rec)
            except (ValueError, TypeError) as exc:
                LOG.warning("line %d: %s", lineno, exc)
                errors += 1
                continue
            zpl = render(refill, store_name, store_phone)
            key = cache_key(zpl)
            if key in seen:
                skipped += 1
                continue
            path = out / f"rx_{refill.rx_number}.zpl"
            path.write_text(zpl)
            os.chmod(path, 0o600)
            seen.add(key)
            built += 1
    finally:
        if source is not sys.stdin:
            source.close()

    cache_file.write_text("\n".join(sorted(seen)) + "\n")
    os.chmod(cache_file, 0o600)
    LOG.info("built %d labels, %d unchanged, %d bad records", built, skipped, errors)
    return 1 if errors and not built else 0


if __name__ == "__main__":
    sys.exit(main())
