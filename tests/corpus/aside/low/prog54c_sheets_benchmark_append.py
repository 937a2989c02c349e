"""Append benchmark results to the team's tracking spreadsheet.

Each run of the benchmark suite writes ./bench_results/<run_id>.json.
This script collects the runs that are not yet in the sheet and appends one
row per (run, benchmark) using a service account.
"""
import argparse
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List

import gspread

LOG = logging.getLogger("bench-sheet")
HEADER = ["run_id", "commit", "benchmark", "mean_ms", "stddev_ms", "iterations"]


@dataclass
class Row:
    run_id: str
    commit: str
    benchmark: str
    mean_ms: float
    stddev_ms: float
    iterations: int

    def as_list(self) -> list:
        return [self.run_id, self.commit, self.benchmark,
                round(self.mean_ms, 3), round(self.stddev_ms, 3), self.iterations]


def iter_rows(results_dir: Path) -> Iterator[Row]:
    for path in sorted(results_dir.glob("*.json")):
        try:
            doc = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            LOG.warning("skipping %s: %s", path.name, exc)
            continue
        for bench in doc.get("benchmarks", []):
            stats = bench.get("stats", {})
            yield Row(
                run_id=doc.get("run_id", path.stem),
                commit=doc.get("commit", "unknown")[:10],
                benchmark=bench["name"],
                mean_ms=stats.get("mean", 0.0) * 1000,
                stddev_ms=stats.get("stddev", 0.0) * 1000,
                iterations=stats.get("rounds", 0),
            )


def open_worksheet(sheet_key: str, tab: str):
    client = gspread.service_account(filename=os.environ.get(
        "GOOGLE_APPLICATION_CREDENTIALS", "service_account.json"))
    book = client.open_by_key(sheet_key)
    try:
        return book.worksheet(tab)
    except gspread.WorksheetNotFound:
        ws = book.add_worksheet(title=tab, rows=1000, cols=len(HEADER))
        ws.append_row(HEADER)
        return ws


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sheet", default=os.environ.get("BENCH_SHEET_KEY"))
    ap.add_argument("--tab", default="results")
    ap.add_argument("--results", type=Path, default=Path("bench_results"))
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    if not args.sheet:
        ap.error("--sheet or BENCH_SHEET_KEY is required")

    ws = open_worksheet(args.sheet, args.tab)
    known = {(r[0], r[2]) for r in ws.get_all_values()[1:] if len(r) >= 3}
    pending: List[list] = [
        row.as_list() for row in iter_rows(args.results)
        if (row.run_id, row.benchmark) not in known
    ]
    if not pending:
        LOG.info("sheet is up to date")
        return
    for start in range(0, len(pending), args.batch):
        chunk = pending[start:start + args.batch]
        ws.append_rows(chunk, value_input_option="USER_ENTERED")
        LOG.info("appended %d rows", len(chunk))


if __name__ == "__main__":
    main()
