#!/usr/bin/env python3
"""Print the weekly batch of eye-test / hearing-check recall letters.

Pulls patients whose recall date falls in the window from the practice
SQLite export, fills in the letter template and sends each letter to the
front-desk printer through CUPS. Letters that were printed are stamped in
the recall_log table so they are not sent twice.
"""
import argparse
import logging
import sqlite3
import subprocess
import sys
import time
from datetime import date, timedelta
from pathlib import Path
from string import Template

log = logging.getLogger("recall_queue")

QUERY = """
SELECT p.id, p.title, p.first_name, p.last_name, p.addr1, p.addr2, p.town,
       p.postcode, r.recall_type, r.due_date
FROM patients p JOIN recalls r ON r.patient_id = p.id
LEFT JOIN recall_log l ON l.recall_id = r.id
WHERE r.due_date BETWEEN ? AND ? AND l.recall_id IS NULL
  AND p.opt_out_post = 0
ORDER BY p.postcode
"""

RECALL_TEXT = {
    "sight_test": "your routine eye examination",
    "cl_aftercare": "your contact lens aftercare appointment",
    "hearing_review": "your annual hearing-aid review",
    "diabetic_screen": "your diabetic eye screening",
}


class LetterPrinter:
    def __init__(self, queue: str, copies: int = 1):
        self.queue = queue
        self.copies = copies

    def queue_depth(self) -> int:
        res = subprocess.run(["lpstat", "-o", self.queue],
                             capture_output=True, text=True)
        return len([ln for ln in res.stdout.splitlines() if ln.strip()])

    def wait_for_room(self, limit=20, timeout=300):
        start = time.monotonic()
        while self.queue_depth() >= limit:
            if time.monotonic() - start > timeout:
                raise TimeoutError(f"queue {self.queue} is not draining")
            time.sleep(10)

    def unstick(self):
        """The front-desk laser wedges the scheduler a few times a month."""
        log.warning("queue %s stuck, restarting the print service", self.queue)
        for cmd in (["systemctl", "restart", "cups.service"],
                    ["cupsenable", self.queue],
                    ["cupsaccept", self.queue]):
            subprocess.run(["sudo", "-n"] + cmd, check=False,
                           capture_output=True)
        time.sleep(5)

    def send(self, text: str, title: str):
        try:
            self.wait_for_room()
        except TimeoutError:
            self.unstick()
            self.wait_for_room(timeout=120)
        subprocess.run(
            ["lp", "-d", self.queue, "-n", str(self.copies), "-t", title,
             "-o", "cpi=12", "-o", "lpi=7", "-o", "page-left=54"],
            input=text, text=True, check=True, capture_output=True,
        )


def render(tpl: Template, row: sqlite3.Row, practice: dict) -> str:
    due = date.fromisoformat(row["due_date"])
    return tpl.safe_substitute(
        practice_name=practice["name"],
        practice_phone=practice["phone"],
        today=date.today().strftime("%d %B %Y"),
        salutation=f"{row['title']} {row['last_name']}".strip(),
        address="\n".join(x for x in (
            f"{row['title']} {row['first_name']} {row['last_name']}",
            row["addr1"], row["addr2"], row["town"], row["postcode"]) if x),
        recall_what=RECALL_TEXT.get(row["recall_type"], "your next appointment"),
        due=due.strftime("%B %Y"),
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=Path("practice_export.sqlite"))
    ap.add_argument("--template", type=Path, default=Path("recall_letter.txt"))
    ap.add_argument("--queue", default="FrontDesk_Laser")
    ap.add_argument("--weeks", type=int, default=4)
    ap.add_argument("--practice-name", default="Harbourview Eye & Ear Care")
    ap.add_argument("--practice-phone", default="01632 960 118")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    tpl = Template(args.template.read_text())
    practice = {"name": args.practice_name, "phone": args.practice_phone}
    start = date.today()
    end = start + timedelta(weeks=args.weeks)

    con = sqlite3.connect(args.db)
    con.row_factory = sqlite3.Row
    rows = con.execute(QUERY, (start.isoformat(), end.isoformat())).fetchall()
    log.info("%d recall letters due between %s and %s", len(rows), start, end)

    printer = LetterPrinter(args.queue)
    printed = 0
    for row in rows:
        letter = render(tpl, row, practice)
        if args.dry_run:
            print(letter, "\n" + "-" * 60)
            continue
        try:
            printer.send(letter, f"recall-{row['id']}")
        except (subprocess.CalledProcessError, TimeoutError) as exc:
            log.error("printing stopped at patient %s: %s", row["id"], exc)
            break
        con.execute(
            "INSERT INTO recall_log (recall_id, sent_on, channel) "
            "SELECT r.id, ?, 'post' FROM recalls r WHERE r.patient_id = ? "
            "AND r.due_date = ?", (date.today().isoformat(), row["id"],
                                   row["due_date"]))
        con.commit()
        printed += 1
    log.info("printed %d letters", printed)
    con.close()
    return 0 if printed == len(rows) or args.dry_run else 1


if __name__ == "__main__":
    sys.exit(main())
