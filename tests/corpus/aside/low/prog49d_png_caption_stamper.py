#!/usr/bin/env python3
"""Stamp captions and licence info from captions.csv into PNG tEXt chunks.

Reads photos from ./photos, writes annotated copies into ./photos/annotated.
Pure standard library: chunks are inserted just before IEND.
"""
import argparse
import csv
import logging
import struct
import zlib
from pathlib import Path

PNG_SIG = b"\x89PNG\r\n\x1a\n"
log = logging.getLogger("caption-stamper")


def make_chunk(kind: bytes, payload: bytes) -> bytes:
    crc = zlib.crc32(kind + payload) & 0xFFFFFFFF
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", crc)


def text_chunk(keyword: str, value: str, compress: bool) -> bytes:
    key = keyword.encode("latin-1")[:79]
    if compress:
        return make_chunk(b"zTXt", key + b"\x00\x00" + zlib.compress(value.encode("latin-1", "replace")))
    return make_chunk(b"tEXt", key + b"\x00" + value.encode("latin-1", "replace"))


def iter_chunks(blob: bytes):
    pos = len(PNG_SIG)
    while pos < len(blob):
        (length,) = struct.unpack(">I", blob[pos:pos + 4])
        kind = blob[pos + 4:pos + 8]
        end = pos + 12 + length
        yield kind, blob[pos:end]
        pos = end


def stamp(src: Path, dst: Path, fields: dict, compress_over: int) -> int:
    blob = src.read_bytes()
    if not blob.startswith(PNG_SIG):
        raise ValueError(f"{src} is not a PNG file")
    out = bytearray(PNG_SIG)
    added = 0
    for kind, raw in iter_chunks(blob):
        if kind in (b"tEXt", b"zTXt", b"iTXt"):
            continue  # drop stale annotations
        if kind == b"IEND":
            for key, value in fields.items():
                if value:
                    out += text_chunk(key, value, len(value) > compress_over)
                    added += 1
        out += raw
    dst.write_bytes(bytes(out))
    return added


def load_captions(path: Path) -> dict:
    table = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = row.pop("filename", "").strip()
            if name:
                table[name] = {
                    "Title": row.get("title", ""),
                    "Description": row.get("caption", ""),
                    "Author": row.get("author", ""),
                    "Copyright": row.get("licence", ""),
                }
    return table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", type=Path, default=Path("photos"))
    ap.add_argument("--captions", type=Path, default=Path("captions.csv"))
    ap.add_argument("--compress-over", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    captions = load_captions(args.captions)
    outdir = args.photos / "annotated"
    outdir.mkdir(exist_ok=True)
    done = skipped = 0
    for png in sorted(args.photos.glob("*.png")):
        fields = captions.get(png.name)
        if not fields:
            skipped += 1
            continue
        try:
            n = stamp(png, outdir / png.name, fields, args.compress_over)
        except (ValueError, struct.error) as exc:
            log.warning("skip %s: %s", png.name, exc)
            skipped += 1
            continue
        log.info("%s: %d text chunk(s)", png.name, n)
        done += 1
    log.info("annotated %d, skipped %d", done, skipped)


if __name__ == "__main__":
    main()
