#!/usr/bin/env python3
"""Build the printed show catalogue as PDF.

Reads the entries CSV, groups entries by breed and class, renders HTML
and converts it with wkhtmltopdf.  Grouping is cached between runs so
re-printing after a late entry is quick.
"""
import argparse
import csv
import hashlib
import html
import logging
import pickle
import subprocess
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("catalogue_pdf")

CACHE_FILE = Path("/tmp/dogshow_catalogue_cache.pkl")
HTML_FILE = Path("/tmp/dogshow_catalogue.html")
CONVERTER = ["wkhtmltopdf", "--quiet", "--page-size", "A5", "--margin-top", "12mm"]


def file_digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def load_cache(digest):
    if not CACHE_FILE.exists():
        return None
    with open(CACHE_FILE, "rb") as fh:
        cached = pickle.load(fh)
    if cached.get("digest") != digest:
        return None
    log.info("using cached grouping")
    return cached["groups"]


def save_cache(digest, groups):
    with open(CACHE_FILE, "wb") as fh:
        pickle.dump({"digest": digest, "groups": groups}, fh)


def group_entries(entries_csv):
    groups = defaultdict(lambda: defaultdict(list))
    with open(entries_csv, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            groups[row["breed"]][row["class_no"]].append(row)
    return {breed: dict(classes) for breed, classes in groups.items()}


def render_html(groups, title):
    out = [f"<html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head><body>",
           f"<h1>{html.escape(title)}</h1>"]
    for breed in sorted(groups):
        out.append(f"<h2>{html.escape(breed)}</h2>")
        for class_no in sorted(groups[breed], key=lambda c: int(c) if c.isdigit() else 0):
            out.append(f"<h3>Class {html.escape(class_no)}</h3><ol>")
            for e in sorted(groups[breed][class_no], key=lambda r: int(r["ring_number"])):
                out.append("<li>{} {} &mdash; {}</li>".format(
                    html.escape(e["ring_number"]), html.escape(e["dog_name"]),
                    html.escape(e["owner_name"])))
            out.append("</ol>")
    out.append("</body></html>")
    return "\n".join(out)


def convert(html_path, pdf_path):
    cmd = CONVERTER + [str(html_path), str(pdf_path)]
    log.info("converting: %s", " ".join(cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or "wkhtmltopdf failed")


def main():
    parser = argparse.ArgumentParser(description="Build the show catalogue PDF")
    parser.add_argument("entries", help="entries CSV export")
    parser.add_argument("--title", default="Championship Show Catalogue")
    parser.add_argument("--out", default="catalogue.pdf")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    digest = file_digest(args.entries)
    groups = None if args.no_cache else load_cache(digest)
    if groups is None:
        groups = group_entries(args.entries)
        save_cache(digest, groups)
    HTML_FILE.write_text(render_html(groups, args.title), encoding="utf-8")
    convert(HTML_FILE, args.out)
    log.info("catalogue written to %s", args.out)


if __name__ == "__main__":
    main()
