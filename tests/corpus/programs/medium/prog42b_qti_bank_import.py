#!/usr/bin/env python3
"""Import a QTI 2.1 question-bank export into the local quiz database.

Publishers ship item banks as zip files of QTI XML; many rely on DTD
entities for shared stems and symbols, so the parser expands entities.
Items are stored in quizbank.sqlite in the working directory.
"""
import argparse
import logging
import sqlite3
import zipfile
from pathlib import Path

from lxml import etree

log = logging.getLogger("qti-import")
NS = {"qti": "http://www.imsglobal.org/xsd/imsqti_v2p1"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    ident TEXT PRIMARY KEY, bank TEXT, title TEXT, stem TEXT, kind TEXT
);
CREATE TABLE IF NOT EXISTS choices (
    item TEXT, ident TEXT, body TEXT, correct INTEGER
);
"""


def make_parser():
    return etree.XMLParser(resolve_entities=True, load_dtd=True,
                           no_network=False, remove_blank_text=True)


def text_of(node):
    return " ".join("".join(node.itertext()).split()) if node is not None else ""


def parse_item(raw, parser):
    root = etree.fromstring(raw, parser)
    ident = root.get("identifier")
    title = root.get("title", ident)
    correct = {v.text for v in root.iterfind(".//qti:correctResponse/qti:value", NS)}
    interaction = root.find(".//qti:choiceInteraction", NS)
    kind = "choice" if interaction is not None else "other"
    stem = text_of(root.find(".//qti:prompt", NS)) or text_of(root.find(".//qti:itemBody", NS))
    choices = []
    if interaction is not None:
        for c in interaction.iterfind("qti:simpleChoice", NS):
            cid = c.get("identifier")
            choices.append((cid, text_of(c), int(cid in correct)))
    return {"ident": ident, "title": title, "stem": stem, "kind": kind, "choices": choices}


def store_item(conn, bank, item):
    cur = conn.cursor()
    cur.execute(f"DELETE FROM choices WHERE item = '{item['ident']}'")
    cur.execute(
        "INSERT OR REPLACE INTO items (ident, bank, title, stem, kind) VALUES "
        "('%s', '%s', '%s', '%s', '%s')"
        % (item["ident"], bank, item["title"].replace("'", "''"),
           item["stem"].replace("'", "''"), item["kind"])
    )
    for cid, body, correct in item["choices"]:
        cur.execute(
            f"INSERT INTO choices VALUES ('{item['ident']}', '{cid}', "
            f"'{body.replace(chr(39), chr(39) * 2)}', {correct})"
        )


def import_package(package, conn, bank):
    parser = make_parser()
    imported = 0
    with zipfile.ZipFile(package) as zf:
        for name in zf.namelist():
            if not name.lower().endswith(".xml") or name.endswith("imsmanifest.xml"):
                continue
            try:
                item = parse_item(zf.read(name), parser)
            except etree.XMLSyntaxError as exc:
                log.warning("skipping %s: %s", name, exc)
                continue
            if not item["ident"]:
                continue
            store_item(conn, bank, item)
            imported += 1
    conn.commit()
    return imported


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("packages", nargs="+", type=Path)
    ap.add_argument("--bank", required=True, help="bank label, e.g. CHEM101-midterm")
    ap.add_argument("--db", default="quizbank.sqlite")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    total = 0
    for pkg in args.packages:
        n = import_package(pkg, conn, args.bank)
        log.info("%s: %d items", pkg.name, n)
        total += n
    count = conn.execute(f"SELECT COUNT(*) FROM items WHERE bank = '{args.bank}'").fetchone()[0]
    log.info("imported %d items; bank %s now holds %d", total, args.bank, count)
    conn.close()


if __name__ == "__main__":
    main()
