#!/usr/bin/env python3
"""Index EAD 2002 finding aids for the archive's search front end.

Streams every EAD file under ./ead with a SAX handler (some of the legacy
finding aids are hundreds of MB), pulls out collection-level and
component-level descriptions and writes one JSON document per component
into ./index, ready for bulk loading into the search engine.

Many of the older finding aids were produced by a desktop editor that
declares repository names and boilerplate as external entities in the
DOCTYPE, so the parser is configured to expand those.
"""
import argparse
import json
import logging
import sys
import xml.sax
from pathlib import Path
from xml.sax.handler import feature_external_ges, feature_external_pes, feature_namespaces

LOG = logging.getLogger("ead-indexer")
COMPONENT_TAGS = {"c", "c01", "c02", "c03", "c04", "c05", "c06"}
TEXT_TAGS = {"unittitle", "unitdate", "unitid", "scopecontent", "physdesc", "origination"}


class EADHandler(xml.sax.ContentHandler):
    def __init__(self, source: str, sink):
        super().__init__()
        self.source = source
        self.sink = sink
        self.stack = []          # open component records
        self.path = []           # element names
        self.text_target = None
        self.buffer = []
        self.collection = {}

    def startElement(self, name, attrs):
        self.path.append(name)
        if name in COMPONENT_TAGS:
            self.stack.append({"level": attrs.get("level", ""), "id": attrs.get("id", ""),
                               "source": self.source, "depth": len(self.stack) + 1})
        elif name in TEXT_TAGS:
            self.text_target = name
            self.buffer = []

    def characters(self, content):
        if self.text_target:
            self.buffer.append(content)

    def endElement(self, name):
        self.path.pop()
        if name == self.text_target:
            text = " ".join("".join(self.buffer).split())
            record = self.stack[-1] if self.stack else self.collection
            record.setdefault(name, text)
            self.text_target = None
        elif name in COMPONENT_TAGS and self.stack:
            comp = self.stack.pop()
            comp["collection"] = self.collection.get("unittitle", "")
            comp["collection_id"] = self.collection.get("unitid", "")
            self.sink(comp)


def make_parser(handler):
    parser = xml.sax.make_parser()
    parser.setFeature(feature_namespaces, False)
    parser.setFeature(feature_external_ges, True)
    parser.setFeature(feature_external_pes, True)
    parser.setContentHandler(handler)
    return parser


def index_file(path: Path, out_dir: Path) -> int:
    written = 0
    target = out_dir / (path.stem + ".jsonl")

    with target.open("w", encoding="utf-8") as out:
        def sink(record):
            nonlocal written
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            written += 1

        handler = EADHandler(path.name, sink)
        make_parser(handler).parse(str(path))
        out.write(json.dumps({"collection": True, **handler.collection,
                              "source": path.name}, ensure_ascii=False) + "\n")
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ead-dir", type=Path, default=Path("ead"))
    ap.add_argument("--out", type=Path, default=Path("index"))
    ap.add_argument("--glob", default="*.xml")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    files = sorted(args.ead_dir.rglob(args.glob))
    if not files:
        LOG.error("no EAD files under %s", args.ead_dir)
        return 1
    total = failed = 0
    for path in files:
        try:
            n = index_file(path, args.out)
            total += n
            LOG.info("%s: %d components", path.name, n)
        except (xml.sax.SAXException, OSError) as exc:
            failed += 1
            LOG.error("%s: %s", path.name, exc)
    LOG.info("indexed %d components from %d files (%d failed)", total, len(files) - failed, failed)
    return 0 if failed == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
