#!/usr/bin/env python3
"""Map MARC21 bibliographic records to the discovery layer's flat JSON.

Cataloguers maintain the field mapping as a JSON profile next to the batch
files: each output column is a short Python expression evaluated against
the record, e.g.

    {
      "title":  "rec['245']['a'].rstrip(' /:') if rec['245'] else ''",
      "isbn":   "[f['a'] for f in rec.get_fields('020') if f['a']]",
      "year":   "first(re.findall(r'\\d{4}', rec['264']['c'] or '')) if rec['264'] else None"
    }

so that new columns can be added without a code release.
"""
import argparse
import json
import logging
import re
import sys
from pathlib import Path

from pymarc import MARCReader

log = logging.getLogger("marc-mapper")


def first(seq, default=None):
    return next(iter(seq), default)


class FieldMapper:
    """Compiles the profile's expressions once and applies them per record."""

    helpers = {"re": re, "first": first, "len": len, "str": str, "int": int}

    def __init__(self, profile):
        self.columns = {}
        for column, expr in profile.get("columns", {}).items():
            try:
                self.columns[column] = compile(expr, f"<profile:{column}>", "eval")
            except SyntaxError as exc:
                raise ValueError(f"column {column!r}: {exc}") from exc
        self.key = profile.get("key", "001")

    @classmethod
    def from_source(cls, source):
        text = Path(source).read_text(encoding="utf-8")
        return cls(json.loads(text))

    def apply(self, record):
        env = dict(self.helpers, rec=record)
        row = {}
        for column, code in self.columns.items():
            try:
                row[column] = eval(code, {"__builtins__": {}}, env)
            except Exception as exc:  # a bad expression should not stop the batch
                log.debug("column %s failed on %s: %s", column, record[self.key], exc)
                row[column] = None
        return row


def iter_records(path):
    with open(path, "rb") as fh:
        reader = MARCReader(fh, to_unicode=True, force_utf8=True, utf8_handling="replace")
        for rec in reader:
            if rec is None:
                log.warning("skipping unreadable record: %s", reader.current_exception)
                continue
            yield rec


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("batch", nargs="+", help="MARC21 .mrc files")
    ap.add_argument("--profile", default="mapping_profile.json",
                    help="mapping profile (default: %(default)s)")
    ap.add_argument("--out", default="mapped_records.jsonl")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        mapper = FieldMapper.from_source(args.profile)
    except (OSError, ValueError) as exc:
        log.error("cannot load profile: %s", exc)
        return 1

    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for batch in args.batch:
            for rec in iter_records(batch):
                out.write(json.dumps(mapper.apply(rec), ensure_ascii=False) + "\n")
                written += 1
            log.info("%s done", batch)
    log.info("wrote %d rows to %s", written, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
