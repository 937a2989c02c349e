#!/usr/bin/env python3
"""Pseudonymise number plates in ANPR exports before they go to analysts.

Replaces each plate with a keyed hash so dwell-time analysis still works
(the same plate maps to the same token) without exposing the registration.
"""
import argparse
import base64
import csv
import hashlib
import hmac
import logging
import os
import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path

log = logging.getLogger("anpr.pseudo")

PLATE_CLEAN = re.compile(r"[^A-Z0-9]")


@dataclass(frozen=True)
class Scheme:
    algo: str = "sha256"
    token_len: int = 16
    prefix: str = "p_"


def normalise(plate):
    return PLATE_CLEAN.sub("", plate.upper())


def make_tokeniser(key, scheme):
    digestmod = getattr(hashlib, scheme.algo)

    def tokenise(plate):
        mac = hmac.new(key, normalise(plate).encode(), digestmod).digest()
        text = base64.urlsafe_b64encode(mac).decode().rstrip("=")
        return scheme.prefix + text[: scheme.token_len]
    return tokenise


def host_label():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            k, _, v = line.partition("=")
            info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown OS")


def transform_row(row, columns, tokenise):
    out = dict(row)
    for col in columns:
        if out.get(col):
            out[col] = tokenise(out[col])
    return out


TRANSFORMS = {
    "csv": lambda src, dst, fn: _csv(src, dst, fn),
}


def _csv(src, dst, row_fn):
    with src.open(newline="") as fin, dst.open("w", newline="") as fout:
        reader = csv.DictReader(fin)
        writer = csv.DictWriter(fout, fieldnames=reader.fieldnames)
        writer.writeheader()
        n = 0
        for row in reader:
            writer.writerow(row_fn(row))
            n += 1
    return n


def main():
    ap = argparse.ArgumentParser(description="Pseudonymise plates in ANPR CSV exports")
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--columns", default="plate,matched_plate")
    ap.add_argument("--outdir", type=Path, default=Path("pseudonymised"))
    ap.add_argument("--token-len", type=int, default=16)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    raw_key = os.environ.get("PLATE_HMAC_KEY")
    if not raw_key:
        log.error("PLATE_HMAC_KEY must be set")
        return 1
    scheme = Scheme(token_len=args.token_len)
    tokenise = make_tokeniser(raw_key.encode(), scheme)
    row_fn = partial(transform_row, columns=args.columns.split(","), tokenise=tokenise)

    args.outdir.mkdir(exist_ok=True)
    log.info("running on %s", host_label())
    for src in args.inputs:
        kind = src.suffix.lstrip(".").lower()
        handler = TRANSFORMS.get(kind)
        if handler is None:
            log.warning("skip %s: unsupported type", src)
            continue
        dst = args.outdir / src.name
        rows = handler(src, dst, row_fn)
        os.chmod(dst, 0o600)
        log.info("%s -> %s (%d rows)", src, dst, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
