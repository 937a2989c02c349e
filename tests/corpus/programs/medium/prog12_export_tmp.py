"""Exports the report to a temporary CSV and opens it in the spreadsheet app."""
import csv
import logging
import subprocess
import tempfile

log = logging.getLogger("export")


def export(rows) -> str:
    path = tempfile.mktemp(suffix=".csv", prefix="report-")
    with open(path, "w", newline="") as fh:
        csv.writer(fh).writerows(rows)
    return path


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    p = export([["a", 1], ["b", 2]])
    subprocess.run(["xdg-open", p], check=False)
