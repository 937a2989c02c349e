#!/usr/bin/env python3
"""Workshop monthly stats.

Builds the HTML summary shown at the volunteers' monthly meeting: repairs by
type, bikes rehomed, average turnaround.
"""
import argparse
import csv
import html
import logging
import platform
import shutil
import statistics
from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("stats")

BUILD_DIR = Path("build")


@dataclass
class Repair:
    ticket: str
    kind: str
    opened: date
    closed: date | None
    outcome: str

    @property
    def days(self):
        return (self.closed - self.opened).days if self.closed else None


def parse_date(text):
    text = (text or "").strip()
    return datetime.strptime(text, "%Y-%m-%d").date() if text else None


def load(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield Repair(
                ticket=row["ticket"],
                kind=row.get("kind", "other").lower(),
                opened=parse_date(row["opened"]),
                closed=parse_date(row.get("closed")),
                outcome=row.get("outcome", "").lower(),
            )


def os_name():
    release = Path("/etc/os-release")
    if release.exists():
        for line in release.read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    return platform.platform()


@dataclass
class Summary:
    repairs: list
    month: str
    sections: dict = field(default_factory=dict)

    def by_kind(self):
        return Counter(r.kind for r in self.repairs).most_common()

    def rehomed(self):
        return sum(1 for r in self.repairs if r.outcome == "rehomed")

    def turnaround(self):
        days = [r.days for r in self.repairs if r.days is not None]
        return round(statistics.mean(days), 1) if days else "n/a"

    def build(self):
        metrics = {
            "Repairs by type": self.by_kind,
            "Bikes rehomed": self.rehomed,
            "Average turnaround (days)": self.turnaround,
        }
        self.sections = {title: getattr(fn, "__call__")() for title, fn in metrics.items()}
        return self


def render(summary):
    esc = html.escape
    parts = [f"<h1>Workshop stats {esc(summary.month)}</h1>"]
    for title, value in summary.sections.items():
        parts.append(f"<h2>{esc(title)}</h2>")
        if isinstance(value, list):
            parts.append("<ul>" + "".join(
                f"<li>{esc(k)}: {n}</li>" for k, n in value) + "</ul>")
        else:
            parts.append(f"<p>{esc(str(value))}</p>")
    parts.append(f"<footer>generated on {esc(os_name())}</footer>")
    return "<!doctype html><meta charset=utf-8>" + "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv")
    ap.add_argument("--month", default=date.today().strftime("%Y-%m"))
    ap.add_argument("--out", default="stats.html")
    ap.add_argument("--clean", action="store_true", help="remove build/ first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        log.info("removed %s", BUILD_DIR)
    BUILD_DIR.mkdir(exist_ok=True)

    repairs = [r for r in load(args.csv) if r.opened.strftime("%Y-%m") == args.month]
    summary = Summary(repairs, args.month).build()
    page = render(summary)
    staged = BUILD_DIR / "stats.html"
    staged.write_text(page, encoding="utf-8")
    shutil.copyfile(staged, args.out)
    log.info("%d repairs summarised into %s", len(repairs), args.out)


if __name__ == "__main__":
    main()
