#!/usr/bin/env python3
"""Inspect .pkgx bundles produced by the legacy packaging tool.

A .pkgx file is a small text container:
    PKGX/1
    <base64 of gzip-compressed manifest.xml>
The manifests use DTD entities for shared vendor strings (&vendor; etc.), so
they are parsed with entity expansion enabled to reproduce what the old
tool displayed.
"""
import argparse
import base64
import gzip
import json
import logging
import sys
from pathlib import Path

from lxml import etree

log = logging.getLogger("pkgx")
HEADER = b"PKGX/1"


class PkgxError(Exception):
    pass


def unwrap(path: Path) -> bytes:
    data = path.read_bytes()
    head, _, body = data.partition(b"\n")
    if head.strip() != HEADER:
        raise PkgxError(f"{path.name}: bad header {head[:16]!r}")
    try:
        return gzip.decompress(base64.b64decode(b"".join(body.split())))
    except (ValueError, OSError) as exc:
        raise PkgxError(f"{path.name}: corrupt payload ({exc})") from exc


def make_parser():
    return etree.XMLParser(
        load_dtd=True,
        resolve_entities=True,
        no_network=False,
        remove_blank_text=True,
    )


def summarize(xml_bytes: bytes, parser) -> dict:
    root = etree.fromstring(xml_bytes, parser)
    get = lambda xp: (root.findtext(xp) or "").strip()
    files = [
        {"path": f.get("path"), "size": int(f.get("size", "0")), "sha256": f.get("sha256")}
        for f in root.iterfind("./files/file")
    ]
    return {
        "name": get("./name"),
        "version": get("./version"),
        "vendor": get("./vendor"),
        "license": get("./license"),
        "depends": [d.text for d in root.iterfind("./depends/pkg") if d.text],
        "files": files,
        "total_size": sum(f["size"] for f in files),
    }


def iter_bundles(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(p.glob("*.pkgx"))
        else:
            yield p


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", help=".pkgx files or directories")
    ap.add_argument("--json", action="store_true", help="emit JSON lines")
    ap.add_argument("--raw", action="store_true", help="dump decoded XML only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    parser = make_parser()
    status = 0
    for bundle in iter_bundles(args.paths):
        try:
            xml_bytes = unwrap(bundle)
            if args.raw:
                sys.stdout.write(xml_bytes.decode("utf-8", "replace") + "\n")
                continue
            info = summarize(xml_bytes, parser)
        except (PkgxError, etree.XMLSyntaxError) as exc:
            log.error("%s", exc)
            status = 1
            continue
        if args.json:
            print(json.dumps({"bundle": bundle.name, **info}))
        else:
            print(f"{bundle.name}: {info['name']} {info['version']} by {info['vendor']}"
                  f" - {len(info['files'])} files, {info['total_size']} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main())
