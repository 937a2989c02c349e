#!/usr/bin/env python3
"""Bag tag ZPL builder.

Builds IATA Resolution 740 style bag tags as ZPL for the counter Zebra
printers: licence plate number as interleaved 2-of-5 barcode, destination
and routing legs, passenger name and the airline logo.  The logo PNG is
embedded once as a Z64/B64 graphic so the printers cache it in RAM.

Reads bag records from a JSON lines file and writes one .zpl per tag into
./tags (mode 0600, since the tags carry passenger names).
"""
import argparse
import base64
import binascii
import json
import logging
import os
import zlib
from pathlib import Path

log = logging.getLogger("zpl_builder")

TAG_TEMPLATE = """^XA
^PW812^LL1624^LH0,0
^FO40,40^XGR:LOGO.GRF,1,1^FS
^FO420,60^A0N,120,110^FD{dest}^FS
^FO40,260^A0N,50,45^FD{name}^FS
^FO40,330^A0N,40,40^FD{legs}^FS
^FO40,420^BY4,3^B2N,300,N,N,N^FD{lpn}^FS
^FO40,740^A0N,60,60^FD{lpn_text}^FS
^FO40,840^A0N,36,36^FD{flight} / {date}^FS
^FO40,900^A0N,36,36^FDPCS {piece} WT {weight}KG^FS
^XZ
"""


def crc16_ccitt(data: bytes) -> int:
    return binascii.crc_hqx(data, 0)


def logo_download(png_path, width_bytes, rows):
    """Return a ~DY download command embedding the logo as compressed base64."""
    raw = Path(png_path).read_bytes()
    packed = base64.b64encode(zlib.compress(raw, 9)).decode("ascii")
    crc = crc16_ccitt(packed.encode("ascii"))
    total = width_bytes * rows
    return f"~DYR:LOGO,B,P,{total},{width_bytes},:Z64:{packed}:{crc:04X}\n"


def format_lpn(airline_num, serial):
    """10-digit licence plate: leading digit, 3-digit carrier code, 6-digit serial."""
    lpn = f"0{int(airline_num):03d}{int(serial):06d}"
    return lpn, f"{lpn[:1]} {lpn[1:4]} {lpn[4:]}"


def clean(text, limit):
    """Strip ZPL control characters from free text and trim to field width."""
    return "".join(ch for ch in str(text) if ch not in "^~").upper()[:limit]


def build_tag(rec, airline_num):
    lpn, lpn_text = format_lpn(airline_num, rec["serial"])
    legs = " > ".join(clean(leg, 12) for leg in rec.get("routing", []))
    return lpn, TAG_TEMPLATE.format(
        dest=clean(rec["destination"], 3),
        name=clean(rec["passenger"], 28),
        legs=legs,
        lpn=lpn,
        lpn_text=lpn_text,
        flight=clean(rec["flight"], 8),
        date=clean(rec["date"], 5),
        piece=int(rec.get("piece", 1)),
        weight=int(rec.get("weight", 0)),
    )


def write_private(path, text):
    path.write_text(text, encoding="ascii", errors="replace")
    os.chmod(path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bags", help="JSON lines file with one bag per line")
    ap.add_argument("--airline-num", required=True, help="3-digit IATA accounting code")
    ap.add_argument("--logo", help="logo PNG to embed")
    ap.add_argument("--logo-geometry", default="40x120", help="bytes-per-row x rows")
    ap.add_argument("--out", type=Path, default=Path("tags"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    if args.logo:
        wb, rows = (int(x) for x in args.logo_geometry.split("x"))
        write_private(args.out / "00_logo.zpl", logo_download(args.logo, wb, rows))
        log.info("logo download written")

    written = failed = 0
    with open(args.bags) as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                lpn, zpl = build_tag(json.loads(line), args.airline_num)
            except (ValueError, KeyError) as exc:
                log.warning("line %d: %s", lineno, exc)
                failed += 1
                continue
            write_private(args.out / f"{lpn}.zpl", zpl)
            written += 1
    log.info("%d tags written to %s, %d rejected", written, args.out, failed)
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
