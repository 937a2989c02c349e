#!/usr/bin/env python3
"""Quick page-geometry check for proof PDFs arriving at the finishing desk.

Lists each proof in a folder with page count, trim size, bleed and whether
the page count suits the binding style (multiples of 4 for saddle stitch,
even for PUR).  Results are cached per file content so re-scanning a busy
incoming folder is fast.

    proof_pdf_checker.py incoming/ --binding saddle --trim 210x297
"""

import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PdfReadError

LOG = logging.getLogger("proofcheck")
PT_TO_MM = 25.4 / 72.0
CACHE_DIR = Path(".proofcache")

BINDING_RULES = {
    "saddle": lambda n: n % 4 == 0,
    "pur": lambda n: n % 2 == 0,
    "wiro": lambda n: True,
    "flat": lambda n: n <= 2,
}


def cache_key(path):
    h = hashlib.md5()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def cached(path):
    key = cache_key(path)
    entry = CACHE_DIR / f"{key}.json"
    if entry.exists():
        try:
            return key, json.loads(entry.read_text())
        except json.JSONDecodeError:
            entry.unlink()
    return key, None


def store(key, facts):
    CACHE_DIR.mkdir(exist_ok=True)
    (CACHE_DIR / f"{key}.json").write_text(json.dumps(facts))


def inspect(path):
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        pages.append({
            "trim": [round(float(trim.width) * PT_TO_MM, 1),
                     round(float(trim.height) * PT_TO_MM, 1)],
            "bleed": round(min(float(trim.left) - float(bleed.left),
                               float(bleed.top) - float(trim.top)) * PT_TO_MM, 1),
        })
    return {"pages": len(pages), "first": pages[0] if pages else None,
            "sizes": sorted({tuple(p["trim"]) for p in pages})}


def judge(facts, binding, want_trim, min_bleed, tol=0.5):
    problems = []
    if not BINDING_RULES[binding](facts["pages"]):
        problems.append(f"{facts['pages']} pages won't {binding}-bind")
    if len(facts["sizes"]) > 1:
        problems.append(f"mixed page sizes {facts['sizes']}")
    first = facts["first"]
    if first:
        if want_trim and (abs(first["trim"][0] - want_trim[0]) > tol
                          or abs(first["trim"][1] - want_trim[1]) > tol):
            problems.append(f"trim {first['trim'][0]}x{first['trim'][1]} != "
                            f"{want_trim[0]}x{want_trim[1]}")
        if first["bleed"] < min_bleed:
            problems.append(f"bleed {first['bleed']}mm < {min_bleed}mm")
    return problems


def parse_trim(text):
    w, h = text.lower().split("x")
    return float(w), float(h)


def scan(folder, pattern="*.pdf"):
    for p in sorted(Path(folder).glob(pattern)):
        if p.is_file():
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--binding", choices=sorted(BINDING_RULES), default="saddle")
    ap.add_argument("--trim", type=parse_trim)
    ap.add_argument("--min-bleed", type=float, default=3.0)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    bad = 0
    for pdf in scan(args.folder):
        key, facts = (None, None) if args.no_cache else cached(pdf)
        if facts is None:
            try:
                facts = inspect(pdf)
            except (PdfReadError, OSError, ValueError) as exc:
                LOG.error("%s: unreadable (%s)", pdf.name, exc)
                bad += 1
                continue
            if not args.no_cache:
                store(key, facts)
        problems = judge(facts, args.binding, args.trim, args.min_bleed)
        status = "OK " if not problems else "FIX"
        print(f"{status} {pdf.name:<40} {facts['pages']:>4}pp  " + "; ".join(problems))
        bad += bool(problems)
    LOG.info("%d file(s) need attention", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
