#!/usr/bin/env python3
"""Pull authorship metadata out of a folder of leaked Office/PDF documents.

For .docx/.xlsx/.pptx the core.xml and app.xml parts are parsed directly;
for PDFs the poppler `pdfinfo` tool is used. Output is a CSV timeline of who
created and last modified each file.
"""
import argparse
import csv
import logging
import subprocess
import zipfile
from pathlib import Path

from lxml import etree

NS = {
    "cp": "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
    "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/",
    "ep": "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
}
OOXML = {".docx", ".xlsx", ".pptx"}
log = logging.getLogger("meta")

# Some of the exported documents use custom DTD entities for company names,
# so entity expansion is left on to get the readable values.
PARSER = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=False)


def first(tree, xpath):
    found = tree.xpath(xpath, namespaces=NS)
    return found[0].strip() if found and isinstance(found[0], str) else (found[0].text if found else "")


def ooxml_meta(path):
    meta = {}
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        if "docProps/core.xml" in names:
            core = etree.fromstring(zf.read("docProps/core.xml"), PARSER)
            meta["author"] = first(core, "//dc:creator")
            meta["last_modified_by"] = first(core, "//cp:lastModifiedBy")
            meta["created"] = first(core, "//dcterms:created")
            meta["modified"] = first(core, "//dcterms:modified")
        if "docProps/app.xml" in names:
            app = etree.fromstring(zf.read("docProps/app.xml"), PARSER)
            meta["company"] = first(app, "//ep:Company")
            meta["application"] = first(app, "//ep:Application")
    return meta


def pdf_meta(path):
    proc = subprocess.run(["pdfinfo", "-isodates", str(path)], capture_output=True,
                          text=True, timeout=30)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "pdfinfo failed")
    fields = {}
    for line in proc.stdout.splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    return {
        "author": fields.get("Author", ""),
        "created": fields.get("CreationDate", ""),
        "modified": fields.get("ModDate", ""),
        "application": fields.get("Producer", "") or fields.get("Creator", ""),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--out", default="metadata_timeline.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    columns = ["file", "author", "last_modified_by", "company", "application", "created", "modified", "error"]
    rows = []
    for path in sorted(Path(args.folder).rglob("*")):
        if not path.is_file():
            continue
        ext = path.suffix.lower()
        row = {"file": str(path)}
        try:
            if ext in OOXML:
                row.update(ooxml_meta(path))
            elif ext == ".pdf":
                row.update(pdf_meta(path))
            else:
                continue
        except (zipfile.BadZipFile, etree.XMLSyntaxError, RuntimeError, subprocess.TimeoutExpired) as exc:
            row["error"] = str(exc)
            log.warning("%s: %s", path.name, exc)
        rows.append(row)

    rows.sort(key=lambda r: r.get("created") or "")
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    log.info("wrote %d rows to %s", len(rows), args.out)


if __name__ == "__main__":
    main()
