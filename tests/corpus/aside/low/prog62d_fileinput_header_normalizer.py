#!/usr/bin/env python3
"""Normalise CSV/TSV exports in the project's data/ folder.

Vendor exports arrive with mixed encodings, BOMs and inconsistent header
capitalisation. This tool rewrites them in place (with .orig backups) so the
downstream loaders see clean UTF-8 with snake_case headers.
"""
import argparse
import codecs
import fileinput
import logging
import pathlib
import re
import sys

LOG = logging.getLogger("normalise")
HEADER_RE = re.compile(r"[^0-9a-zA-Z]+")
CANDIDATE_ENCODINGS = ("utf-8-sig", "utf-16", "cp1252", "latin-1")


def sniff_encoding(path):
    raw = path.read_bytes()[:4096]
    if raw.startswith(codecs.BOM_UTF16_LE) or raw.startswith(codecs.BOM_UTF16_BE):
        return "utf-16"
    for enc in CANDIDATE_ENCODINGS:
        try:
            raw.decode(enc)
            return enc
        except UnicodeDecodeError:
            continue
    return "latin-1"


def transcode_to_utf8(path, encoding):
    if encoding in ("utf-8", "utf-8-sig"):
        text = path.read_text(encoding="utf-8-sig")
    else:
        with codecs.open(str(path), "r", encoding=encoding) as fh:
            text = fh.read()
    path.write_text(text, encoding="utf-8")


def snake(name):
    cleaned = HEADER_RE.sub("_", name.strip()).strip("_")
    return cleaned.lower() or "col"


def normalise_header(line, delimiter):
    cols = [snake(c) for c in line.rstrip("\r\n").split(delimiter)]
    seen = {}
    out = []
    for c in cols:
        n = seen.get(c, 0)
        seen[c] = n + 1
        out.append(c if n == 0 else f"{c}_{n}")
    return delimiter.join(out) + "\n"


def rewrite(paths, dry_run=False):
    changed = 0
    with fileinput.input(files=[str(p) for p in paths], inplace=not dry_run,
                         backup=".orig", encoding="utf-8") as fi:
        for line in fi:
            name = fi.filename()
            delim = "\t" if name.endswith(".tsv") else ","
            if fi.isfirstline():
                new = normalise_header(line, delim)
                if new != line:
                    changed += 1
                line = new
            else:
                line = line.rstrip("\r\n") + "\n"
            if not dry_run:
                sys.stdout.write(line)
    return changed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data-dir", default="data")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    root = pathlib.Path(args.data_dir).resolve()
    if not root.is_dir():
        LOG.error("no such directory: %s", root)
        return 2
    files = sorted(p for p in root.rglob("*") if p.suffix in (".csv", ".tsv"))
    if not files:
        LOG.info("nothing to do")
        return 0

    for p in files:
        enc = sniff_encoding(p)
        LOG.debug("%s looks like %s", p.name, enc)
        if enc != "utf-8" and not args.dry_run:
            transcode_to_utf8(p, enc)

    n = rewrite(files, dry_run=args.dry_run)
    LOG.info("%d file(s) scanned, %d header(s) rewritten", len(files), n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
