#!/usr/bin/env python3
"""Keeper rota bot: mail each section its shifts for the coming day.

The rota lives in rota.csv (exported from the staff planner) with columns
date, section, keeper, email, shift.  Section leads get one message listing
who is on early/late/night for their area; relief keepers get their own
copy.  Mail goes through the local `mail` command so it uses whatever relay
the keeper office workstation is already configured for.
"""
import argparse
import configparser
import csv
import logging
import subprocess
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

log = logging.getLogger("rota-bot")

DEFAULTS = {
    "rota_file": "rota.csv",
    "leads_file": "section_leads.csv",
    "mailer": "mail",
    "subject": "Keeper rota for {day} - {section}",
    "send_hour": "17",
}

SHIFT_ORDER = {"early": 0, "day": 1, "late": 2, "night": 3}


class RotaBot:
    cron_tag = "keeper-rota-bot"

    def __init__(self, cfg):
        self.cfg = cfg
        self.rota_path = Path(cfg["rota_file"])
        self.leads_path = Path(cfg["leads_file"])

    def load_rota(self, day):
        wanted = day.isoformat()
        by_section = defaultdict(list)
        with self.rota_path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("date") != wanted:
                    continue
                by_section[row["section"]].append(row)
        for rows in by_section.values():
            rows.sort(key=lambda r: (SHIFT_ORDER.get(r["shift"].lower(), 9), r["keeper"]))
        return by_section

    def load_leads(self):
        leads = {}
        if not self.leads_path.exists():
            return leads
        with self.leads_path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                leads[row["section"]] = row["email"]
        return leads

    @staticmethod
    def render(section, day, rows):
        lines = [f"Rota for {section} on {day:%A %d %B}", ""]
        for r in rows:
            lines.append(f"  {r['shift']:<6} {r['keeper']}")
        lines += ["", "Swaps go through the keeper office before 15:00, please."]
        return "\n".join(lines) + "\n"

    def send(self, to, subject, body, dry_run=False):
        if dry_run:
            log.info("[dry-run] to=%s subject=%s\n%s", to, subject, body)
            return True
        try:
            subprocess.run([self.cfg["mailer"], "-s", subject, to], input=body.encode(),
                           check=True, timeout=60)
            return True
        except (OSError, subprocess.SubprocessError) as exc:
            log.error("mail to %s failed: %s", to, exc)
            return False

    def run(self, day, dry_run=False):
        rota = self.load_rota(day)
        leads = self.load_leads()
        if not rota:
            log.warning("no rota rows for %s in %s", day, self.rota_path)
            return 1
        failures = 0
        for section, rows in sorted(rota.items()):
            body = self.render(section, day, rows)
            subject = self.cfg["subject"].format(day=day.isoformat(), section=section)
            recipients = {r["email"] for r in rows if r.get("email")}
            if section in leads:
                recipients.add(leads[section])
            for to in sorted(recipients):
                if not self.send(to, subject, body, dry_run):
                    failures += 1
        log.info("rota mail done, %d failure(s)", failures)
        return 1 if failures else 0

    def ensure_schedule(self):
        """Register the daily evening run for the current user."""
        from crontab import CronTab

        script = Path(__file__).resolve()
        command = f"cd {script.parent} && {sys.executable} {script} --tomorrow -q"
        tab = CronTab(user=True)
        existing = list(tab.find_comment(self.cron_tag))
        if existing and existing[0].command == command:
            return False
        for job in existing:
            tab.remove(job)
        job = tab.new(command=command, comment=self.cron_tag)
        job.setall(f"0 {int(self.cfg['send_hour'])} * * *")
        tab.write()
        log.info("daily run registered: %s", job)
        return True


def load_config(path):
    cp = configparser.ConfigParser()
    cp.read_dict({"rota": DEFAULTS})
    if path and Path(path).exists():
        cp.read(path)
    return dict(cp["rota"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="Mail tomorrow's keeper rota to each section")
    ap.add_argument("-c", "--config", default="rota_bot.ini")
    ap.add_argument("--day", help="ISO date to send (default: today)")
    ap.add_argument("--tomorrow", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-schedule", dest="schedule", action="store_false",
                    help="do not register the daily evening run")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    bot = RotaBot(load_config(args.config))
    day = date.fromisoformat(args.day) if args.day else date.today()
    if args.tomorrow:
        day += timedelta(days=1)

    if args.schedule:
        try:
            bot.ensure_schedule()
        except Exception as exc:  # python-crontab missing or no crontab binary
            log.warning("could not register schedule: %s", exc)
    try:
        return bot.run(day, dry_run=args.dry_run)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2


if __name__ == "__main__":
    sys.exit(main())
