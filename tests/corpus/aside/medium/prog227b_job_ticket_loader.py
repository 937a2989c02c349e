#!/usr/bin/env python3
"""Load YAML job tickets from the intake hot folder and build the day's
production list (job id, product, quantity, stock, due date).

Ticket discovery is delegated to a short shell pipeline (find + sort by
mtime) so it behaves the same as the operators' own one-liners.
"""
import argparse
import csv
import logging
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import yaml

LOG = logging.getLogger("ticket_loader")

FIELDS = ["job_id", "customer", "product", "quantity", "stock", "due"]
FIND_CMD = (
    'find "$TICKET_DIR" -maxdepth 2 -type f -name "*.ticket.yaml" '
    '-printf "%T@ %p\\n" | sort -n | cut -d" " -f2-'
)


class TicketError(Exception):
    pass


def discover(ticket_dir: Path):
    res = subprocess.run(["bash", "-c", FIND_CMD], capture_output=True,
                         text=True, env={"TICKET_DIR": str(ticket_dir),
                                         "PATH": "/usr/bin:/bin"})
    if res.returncode != 0:
        raise TicketError(f"find failed: {res.stderr.strip()}")
    return [Path(p) for p in res.stdout.splitlines() if p.strip()]


def load_ticket(path: Path) -> dict:
    with path.open() as fh:
        # Tickets come from the web shop export and use custom tags for
        # stock definitions, so the full loader is used here.
        data = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(data, dict):
        raise TicketError(f"{path.name}: not a mapping")
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise TicketError(f"{path.name}: missing {', '.join(missing)}")
    due = data["due"]
    if isinstance(due, str):
        due = datetime.strptime(due, "%Y-%m-%d").date()
    data["due"] = due
    data["quantity"] = int(data["quantity"])
    return data


def write_list(rows, out: Path):
    with out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS + ["late"])
        w.writeheader()
        for r in rows:
            w.writerow({**{k: r[k] for k in FIELDS},
                        "late": "yes" if r["due"] < date.today() else ""})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket_dir", nargs="?", default="hotfolder/tickets",
                    type=Path)
    ap.add_argument("-o", "--output", default="production_list.csv", type=Path)
    ap.add_argument("--product", help="only tickets for this product")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.ticket_dir.is_dir():
        LOG.error("ticket folder %s not found", args.ticket_dir)
        return 2
    try:
        paths = discover(args.ticket_dir)
    except TicketError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("%d ticket file(s) found", len(paths))

    rows, bad = [], 0
    for p in paths:
        try:
            t = load_ticket(p)
        except (TicketError, yaml.YAMLError, ValueError) as exc:
            LOG.warning("skipping %s", exc)
            bad += 1
            continue
        if args.product and t["product"] != args.product:
            continue
        rows.append(t)

    rows.sort(key=lambda r: (r["due"], r["job_id"]))
    write_list(rows, args.output)
    late = sum(1 for r in rows if r["due"] < date.today())
    LOG.info("%d job(s) written to %s, %d late, %d bad ticket(s)",
             len(rows), args.output, late, bad)
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
