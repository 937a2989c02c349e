#!/usr/bin/env python3
"""Monthly ash scattering report for the memorial garden.

Turns the scattering register CSV into an HTML report for the bereavement
services manager: scatterings per garden area, witnessed vs unwitnessed,
and the garden map embedded as an inline image. The report is written
atomically through a temporary file in the output folder.
"""

import argparse
import base64
import csv
import html
import logging
import os
import platform
import shutil
import tempfile
from collections import Counter
from pathlib import Path

LOG = logging.getLogger("scatter-report")

BUILD_DIR = Path("build")


def os_description():
    """Footer line; falls back when os-release is missing."""
    try:
        with open("/etc/os-release", "r", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


def load_register(path, month):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row.get("date", "").startswith(month):
                rows.append(row)
    return rows


def embed_image(path):
    if not path or not Path(path).exists():
        return ""
    data = base64.b64encode(Path(path).read_bytes()).decode("ascii")
    return '<img alt="garden map" src="data:image/png;base64,%s">' % data


class Report:
    def __init__(self, month, rows, map_path=None):
        self.month = month
        self.rows = rows
        self.map_path = map_path

    def render(self):
        areas = Counter(r.get("area", "Unknown") for r in self.rows)
        witnessed = sum(1 for r in self.rows if r.get("witnessed", "").lower() in ("yes", "y", "1"))
        parts = [
            "<html><head><meta charset='utf-8'><title>Scattering report %s</title></head><body>" % html.escape(self.month),
            "<h1>Ash scattering report &ndash; %s</h1>" % html.escape(self.month),
            "<p>Total scatterings: %d (witnessed %d, unwitnessed %d)</p>"
            % (len(self.rows), witnessed, len(self.rows) - witnessed),
            "<table><tr><th>Garden area</th><th>Count</th></tr>",
        ]
        for area, n in areas.most_common():
            parts.append("<tr><td>%s</td><td>%d</td></tr>" % (html.escape(area), n))
        parts.append("</table>")
        parts.append(embed_image(self.map_path))
        parts.append("<footer>Generated on %s</footer></body></html>" % html.escape(os_description()))
        return "\n".join(parts)


def write_atomic(text, target):
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".report-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("register")
    parser.add_argument("month", help="YYYY-MM")
    parser.add_argument("--map", help="garden map PNG")
    parser.add_argument("--out", type=Path, default=Path("reports"))
    parser.add_argument("--clean", action="store_true", help="remove the build folder first")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        LOG.info("removed %s", BUILD_DIR)

    try:
        rows = load_register(args.register, args.month)
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read register: %s", exc)
        return 1
    if not rows:
        LOG.info("no scatterings recorded in %s", args.month)
    target = args.out / ("scattering-%s.html" % args.month)
    write_atomic(Report(args.month, rows, args.map).render(), target)
    LOG.info("report written to %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
