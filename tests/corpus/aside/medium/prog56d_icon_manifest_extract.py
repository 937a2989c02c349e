#!/usr/bin/env python3
"""Extract the icons embedded in a theme manifest (theme.xml).

Theme authors embed PNG/SVG icons as base64 text inside <icon> elements and
may share common strings through DTD entities (&vendor; etc.), so the parser
keeps entity expansion and external DTD loading switched on.
"""
import argparse
import base64
import binascii
import hashlib
import logging
import sys
from pathlib import Path

from lxml import etree

log = logging.getLogger("iconx")

MAGIC = {
    b"\x89PNG\r\n\x1a\n": ".png",
    b"<svg": ".svg",
    b"<?xml": ".svg",
    b"GIF8": ".gif",
}


def make_parser():
    return etree.XMLParser(
        resolve_entities=True,
        load_dtd=True,
        no_network=False,
        remove_blank_text=True,
    )


def sniff_ext(data: bytes, fallback: str) -> str:
    for magic, ext in MAGIC.items():
        if data.startswith(magic):
            return ext
    return fallback


def iter_icons(tree):
    for node in tree.iterfind(".//icon"):
        name = node.get("name") or "unnamed"
        enc = (node.get("encoding") or "base64").lower()
        text = "".join(node.itertext()).strip()
        yield name, enc, text, node.get("sha256")


def decode(enc: str, text: str) -> bytes:
    if enc == "base64":
        return base64.b64decode("".join(text.split()), validate=True)
    if enc == "hex":
        return binascii.unhexlify("".join(text.split()))
    raise ValueError(f"unsupported encoding {enc}")


def extract(manifest: Path, outdir: Path, strict: bool) -> int:
    tree = etree.parse(str(manifest), make_parser())
    theme = tree.getroot().get("id", manifest.stem)
    target = outdir / theme
    target.mkdir(parents=True, exist_ok=True)
    bad = 0
    for name, enc, text, want in iter_icons(tree):
        try:
            data = decode(enc, text)
        except (ValueError, binascii.Error) as exc:
            log.error("%s: %s", name, exc)
            bad += 1
            continue
        if want and hashlib.sha256(data).hexdigest() != want.lower():
            log.error("%s: checksum mismatch", name)
            bad += 1
            if strict:
                continue
        path = target / (Path(name).name + sniff_ext(data, ".bin"))
        path.write_bytes(data)
        log.info("%-24s %6d bytes -> %s", name, len(data), path)
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("manifest", type=Path)
    ap.add_argument("-o", "--outdir", type=Path, default=Path("icons"))
    ap.add_argument("--strict", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        bad = extract(args.manifest, args.outdir, args.strict)
    except (OSError, etree.XMLSyntaxError) as exc:
        log.error("cannot read manifest: %s", exc)
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
