#!/usr/bin/env python3
"""Estimate velvet yardage for a reupholstery job.

Velvet has a pile, so every panel must run the same way down the roll;
panels cannot be rotated to save fabric. This works out how many metres
to order for each piece on a job sheet, allowing for pattern repeat.
"""
import argparse
import csv
import json
import logging
import math
import sys
from dataclasses import dataclass, asdict
from functools import wraps

log = logging.getLogger("yardage")

ROLL_WIDTH_CM = 137
SEAM_ALLOWANCE_CM = 3


def with_allowance(fn):
    @wraps(fn)
    def inner(w, h, *a, **kw):
        return fn(w + 2 * SEAM_ALLOWANCE_CM, h + 2 * SEAM_ALLOWANCE_CM, *a, **kw)
    return inner


@with_allowance
def panel_length(width_cm, height_cm, repeat_cm, roll_cm):
    """Length of roll used by one panel; pile direction fixed."""
    across = max(1, roll_cm // width_cm)
    drop = math.ceil(height_cm / repeat_cm) * repeat_cm if repeat_cm else height_cm
    return drop / across


PIECE_PANELS = {
    "armchair": [(70, 90), (70, 60), (60, 60), (90, 40), (90, 40), (80, 75)],
    "dining_seat": [(55, 55)],
    "footstool": [(60, 60), (200, 25)],
    "headboard": [(160, 120)],
    "sofa_3": [(200, 90), (200, 60), (70, 70), (70, 70), (200, 80), (60, 60), (60, 60), (60, 60)],
}


@dataclass
class Estimate:
    job: str
    piece: str
    qty: int
    metres: float


def estimate(piece, qty, repeat_cm, roll_cm, waste):
    panels = PIECE_PANELS.get(piece)
    if panels is None:
        raise KeyError(piece)
    cm = sum(panel_length(w, h, repeat_cm, roll_cm) for w, h in panels) * qty
    return round(cm * (1 + waste) / 100, 1)


def read_job_sheet(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["job"], row["piece"].strip().lower(), int(row.get("qty") or 1)


OUTPUTS = {
    "json": lambda rows: print(json.dumps([asdict(r) for r in rows], indent=2)),
    "text": lambda rows: [print(f"{r.job:<10} {r.piece:<12} x{r.qty:<3} {r.metres:>6.1f} m") for r in rows],
}


def main(argv=None):
    p = argparse.ArgumentParser(description="Velvet yardage estimator")
    p.add_argument("job_sheet", help="CSV with job,piece,qty columns")
    p.add_argument("--repeat", type=float, default=0, help="pattern repeat in cm")
    p.add_argument("--roll", type=int, default=ROLL_WIDTH_CM, help="roll width in cm")
    p.add_argument("--waste", type=float, default=0.10, help="waste fraction")
    p.add_argument("--format", choices=sorted(OUTPUTS), default="text")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    results = []
    try:
        for job, piece, qty in read_job_sheet(args.job_sheet):
            try:
                results.append(Estimate(job, piece, qty, estimate(piece, qty, args.repeat, args.roll, args.waste)))
            except KeyError:
                log.warning("job %s: unknown piece type %r", job, piece)
    except FileNotFoundError:
        log.error("job sheet not found: %s", args.job_sheet)
        return 2
    except (KeyError, ValueError) as exc:
        log.error("job sheet malformed: %s", exc)
        return 2

    OUTPUTS[args.format](results)
    total = sum(r.metres for r in results)
    log.info("total to order: %.1f m across %d lines", total, len(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
