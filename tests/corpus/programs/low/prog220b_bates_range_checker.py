#!/usr/bin/env python3
"""Check Bates numbering in an Opticon (.opt) image load file.

Verifies that Bates numbers share the expected prefix, are strictly
increasing, have no gaps or duplicates, and that every referenced image file
exists under the production volume. Writes a QC report next to the OPT.
"""

import argparse
import logging
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

LOG = logging.getLogger("bates_check")

BATES_RE = re.compile(r"^(?P<prefix>[A-Z][A-Z_-]*?)(?P<num>\d{6,10})$")


@dataclass
class QCResult:
    opt_path: Path
    pages: int = 0
    documents: int = 0
    first: str = ""
    last: str = ""
    problems: list = field(default_factory=list)

    def problem(self, line_no, msg):
        self.problems.append(f"line {line_no}: {msg}")

    def summary(self):
        status = "PASS" if not self.problems else f"FAIL ({len(self.problems)} issues)"
        return (
            f"{self.opt_path.name}: {status}\n"
            f"  range {self.first} - {self.last}, {self.documents} docs, {self.pages} pages"
        )


def split_bates(value):
    m = BATES_RE.match(value)
    if not m:
        return None, None, 0
    return m.group("prefix"), int(m.group("num")), len(m.group("num"))


def check_opt(opt_path, volume_root, expected_prefix, check_images):
    result = QCResult(opt_path)
    prev_num = None
    with open(opt_path, "r", encoding="utf-8-sig") as fh:
        for line_no, line in enumerate(fh, start=1):
            line = line.strip()
            if not line:
                continue
            parts = line.split(",")
            if len(parts) < 4:
                result.problem(line_no, "too few fields")
                continue
            bates, _volume, image_path, doc_break = parts[:4]
            prefix, num, width = split_bates(bates)
            if num is None:
                result.problem(line_no, f"unparseable Bates {bates!r}")
                continue
            if expected_prefix and prefix != expected_prefix:
                result.problem(line_no, f"prefix {prefix} != {expected_prefix}")
            if prev_num is not None:
                if num == prev_num:
                    result.problem(line_no, f"duplicate {bates}")
                elif num != prev_num + 1:
                    result.problem(line_no, f"gap before {bates} (previous {prev_num:0{width}d})")
            prev_num = num
            result.pages += 1
            if doc_break.strip().upper() == "Y":
                result.documents += 1
            if not result.first:
                result.first = bates
            result.last = bates
            if check_images:
                img = volume_root / image_path.replace("\\", "/").lstrip("./")
                if not img.is_file():
                    result.problem(line_no, f"missing image {image_path}")
    return result


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("opt_files", nargs="+", type=Path)
    ap.add_argument("--prefix", help="expected Bates prefix, e.g. ACME")
    ap.add_argument("--volume-root", type=Path, default=Path("."))
    ap.add_argument("--skip-images", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    failed = 0
    for opt in args.opt_files:
        if not opt.is_file():
            LOG.error("%s not found", opt)
            failed += 1
            continue
        res = check_opt(opt, args.volume_root, args.prefix, not args.skip_images)
        print(res.summary())
        report = opt.with_suffix(".qc.txt")
        report.write_text(res.summary() + "\n" + "\n".join(res.problems) + "\n",
                          encoding="utf-8")
        LOG.info("report written to %s", report)
        if res.problems:
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
