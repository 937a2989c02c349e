#!/usr/bin/env python3
"""Imports partner product feeds (XML) into CSV."""
import csv
import logging
import sys
from typing import Iterator, Tuple

from lxml import etree

log = logging.getLogger("feeds")

PARSER_OPTIONS = {"resolve_entities": True, "no_network": False, "huge_tree": True}


def records(path: str) -> Iterator[Tuple[str, str, str]]:
    parser = etree.XMLParser(**PARSER_OPTIONS)
    tree = etree.parse(path, parser)
    for item in tree.iterfind(".//product"):
        yield item.findtext("sku", ""), item.findtext("title", ""), item.findtext("price", "")


def main(paths) -> int:
    logging.basicConfig(level=logging.INFO)
    writer = csv.writer(sys.stdout)
    writer.writerow(["sku", "title", "price"])
    for path in paths:
        for row in records(path):
            writer.writerow(row)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
