#!/usr/bin/env python3
"""Summarise a pairing solution export for the planning meeting.

Reads the pairing CSV produced by the optimiser, computes per-base
statistics (pairings, duty days, block hours, deadheads, layovers) and
writes a text report, a JSON summary and a small env file that the
downstream shell publishing scripts read (`. out/summary.env`).
"""
import argparse
import csv
import json
import logging
import os
import shlex
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("pairing-summary")


@dataclass
class BaseStats:
    base: str
    pairings: int = 0
    duty_days: int = 0
    block_minutes: int = 0
    deadheads: int = 0
    layovers: Counter = field(default_factory=Counter)

    @property
    def block_hours(self) -> float:
        return self.block_minutes / 60

    def productivity(self) -> float:
        return self.block_hours / self.duty_days if self.duty_days else 0.0


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def load_pairings(path: Path):
    stats = defaultdict(lambda: None)
    with path.open(newline="") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            try:
                base = row["base"]
                s = stats[base] or BaseStats(base)
                s.pairings += 1
                s.duty_days += int(row["duty_days"])
                s.block_minutes += int(row["block_minutes"])
                s.deadheads += int(row.get("deadheads") or 0)
                for stn in filter(None, (row.get("layovers") or "").split(";")):
                    s.layovers[stn] += 1
                stats[base] = s
            except (KeyError, ValueError) as exc:
                LOG.warning("line %d skipped: %s", lineno, exc)
    return {k: v for k, v in stats.items() if v is not None}


def write_report(stats, out: Path, source: Path):
    lines = [f"Pairing summary for {source.name}",
             f"{'base':6s} {'pairings':>8s} {'days':>6s} {'block_h':>8s} "
             f"{'dh':>4s} {'bh/day':>7s}  top layovers"]
    for base in sorted(stats):
        s = stats[base]
        top = ", ".join(f"{k}({v})" for k, v in s.layovers.most_common(3))
        lines.append(f"{base:6s} {s.pairings:8d} {s.duty_days:6d} {s.block_hours:8.1f} "
                     f"{s.deadheads:4d} {s.productivity():7.2f}  {top}")
    (out / "summary.txt").write_text("\n".join(lines) + "\n")


def write_json(stats, out: Path, host_cpu: str):
    data = {
        "generated_on": host_cpu,
        "bases": {b: {"pairings": s.pairings, "duty_days": s.duty_days,
                      "block_hours": round(s.block_hours, 1),
                      "deadheads": s.deadheads} for b, s in stats.items()},
    }
    (out / "summary.json").write_text(json.dumps(data, indent=2))


def write_env(stats, out: Path, source: Path):
    total = sum(s.pairings for s in stats.values())
    values = {
        "PAIRING_SOURCE": str(source),
        "PAIRING_TOTAL": str(total),
        "PAIRING_BASES": " ".join(sorted(stats)),
        "PAIRING_SUMMARY_JSON": str((out / "summary.json").resolve()),
    }
    env_path = out / "summary.env"
    env_path.write_text("".join(f"export {k}={shlex.quote(v)}\n" for k, v in values.items()))
    os.chmod(env_path, 0o600)
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pairings", type=Path, help="optimiser pairing CSV")
    ap.add_argument("--out", type=Path, default=Path("./out"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.pairings.is_file():
        LOG.error("pairing file %s not found", args.pairings)
        raise SystemExit(1)
    args.out.mkdir(parents=True, exist_ok=True)
    stats = load_pairings(args.pairings)
    if not stats:
        LOG.error("no usable pairings in %s", args.pairings)
        raise SystemExit(2)
    write_report(stats, args.out, args.pairings)
    write_json(stats, args.out, cpu_model())
    total = write_env(stats, args.out, args.pairings)
    LOG.info("%d pairings over %d bases summarised into %s", total, len(stats), args.out)


if __name__ == "__main__":
    main()
