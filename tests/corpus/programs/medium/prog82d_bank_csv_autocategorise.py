#!/usr/bin/env python3
"""Watch the downloads folder for bank CSV exports and categorise them.

When a statement export lands (any CSV whose header matches one of the known
bank layouts), every row is matched against the rules in categories.yml and
a categorised copy is written to ./categorised/, ready for the bookkeeping
spreadsheet.  Runs in the foreground; stop with Ctrl-C.

categories.yml:

    banks:
      n26:   {date: Date, payee: Payee, amount: "Amount (EUR)", delimiter: ","}
      dkb:   {date: Buchungsdatum, payee: Zahlungsempfaenger*in, amount: "Betrag (EUR)", delimiter: ";"}
    rules:
      - {match: "(?i)github|aws|hetzner", category: "Hosting & software"}
      - {match: "(?i)deutsche bahn|db vertrieb", category: "Travel"}
"""
import argparse
import csv
import logging
import re
import sys
import time
from pathlib import Path

import yaml
from watchdog.events import FileSystemEventHandler
from watchdog.observers import Observer

log = logging.getLogger("bank-csv")

INOTIFY_LIMIT = Path("/proc/sys/fs/inotify/max_user_watches")
WANTED_WATCHES = 65536


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        config = yaml.load(fh, Loader=yaml.Loader)
    rules = [(re.compile(r["match"]), r["category"]) for r in config.get("rules", [])]
    return config.get("banks", {}), rules


def check_watch_limit():
    try:
        current = int(INOTIFY_LIMIT.read_text().strip())
    except (OSError, ValueError):
        return
    if current < WANTED_WATCHES:
        log.warning("inotify watch limit is %d; large download folders may be missed "
                    "(ask for fs.inotify.max_user_watches >= %d)", current, WANTED_WATCHES)


def detect_layout(path, banks):
    with open(path, encoding="utf-8-sig", errors="replace") as fh:
        head = fh.readline()
    for name, layout in banks.items():
        header = next(csv.reader([head], delimiter=layout.get("delimiter", ",")), [])
        if layout["date"] in header and layout["amount"] in header:
            return name, layout
    return None, None


def categorise_rows(path, layout, rules):
    with open(path, encoding="utf-8-sig", errors="replace", newline="") as fh:
        reader = csv.DictReader(fh, delimiter=layout.get("delimiter", ","))
        for row in reader:
            payee = row.get(layout["payee"], "")
            text = " ".join([payee, row.get(layout.get("reference", ""), "")])
            category = next((cat for rx, cat in rules if rx.search(text)), "Uncategorised")
            amount = row.get(layout["amount"], "0").replace(".", "").replace(",", ".") \
                if layout.get("delimiter") == ";" else row.get(layout["amount"], "0")
            yield {"date": row.get(layout["date"], ""), "payee": payee,
                   "amount": amount, "category": category}


class StatementHandler(FileSystemEventHandler):
    def __init__(self, config_path, out_dir):
        self.config_path = config_path
        self.out_dir = out_dir
        self.seen = set()

    def on_created(self, event):
        self._handle(event)

    def on_moved(self, event):
        self._handle(event, Path(event.dest_path))

    def _handle(self, event, path=None):
        path = path or Path(event.src_path)
        if event.is_directory or path.suffix.lower() != ".csv" or path in self.seen:
            return
        time.sleep(1.0)  # browsers write the file in several steps
        banks, rules = load_config(self.config_path)
        bank, layout = detect_layout(path, banks)
        if not bank:
            log.debug("%s is not a known statement layout", path.name)
            return
        self.seen.add(path)
        self.out_dir.mkdir(exist_ok=True)
        target = self.out_dir / f"{path.stem}_{bank}_categorised.csv"
        counts = {}
        with open(target, "w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=["date", "payee", "amount", "category"])
            writer.writeheader()
            for row in categorise_rows(path, layout, rules):
                writer.writerow(row)
                counts[row["category"]] = counts.get(row["category"], 0) + 1
        log.info("%s (%s): %s -> %s", path.name, bank,
                 ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), target)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Categorise bank CSV exports as they arrive")
    parser.add_argument("--watch", type=Path, default=Path.home() / "Downloads")
    parser.add_argument("--config", type=Path, default=Path("categories.yml"))
    parser.add_argument("--out", type=Path, default=Path("categorised"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%H:%M:%S")

    try:
        load_config(args.config)
    except (OSError, yaml.YAMLError, KeyError) as exc:
        log.error("cannot load %s: %s", args.config, exc)
        return 2

    check_watch_limit()
    observer = Observer()
    observer.schedule(StatementHandler(args.config, args.out), str(args.watch), recursive=True)
    observer.start()
    log.info("watching %s", args.watch)
    try:
        while observer.is_alive():
            observer.join(1)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        observer.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
