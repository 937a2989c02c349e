#!/usr/bin/env python3
"""Warn Dovecot users who are close to their mailbox quota.

Reads per-user usage from ``doveadm quota get -A`` and sends a warning
message through the local MTA to every account above the configured
threshold.  A small JSON state file stops the same user from being
nagged more than once per ``--cooldown`` hours.

Run it as the account that is allowed to use the doveadm socket (usually
the ``vmail`` user's own crontab on the mail host).
"""

import argparse
import json
import logging
import os
import smtplib
import subprocess
import sys
import time
from email.message import EmailMessage
from pathlib import Path

log = logging.getLogger("quota-report")

DEFAULT_STATE = Path("quota-notifier-state.json")
WARNING_TEMPLATE = """\
Hello,

your mailbox {user} is using {used_mb:.0f} MB of {limit_mb:.0f} MB ({pct:.0f}%).

Once the quota is reached new mail will be rejected by the server.
Please delete old messages or empty the Trash and Junk folders.

-- 
{org} mail service
"""


class QuotaNotifier:
    def __init__(self, threshold, cooldown_h, sender, org, state_path, dry_run=False):
        self.threshold = threshold
        self.cooldown = cooldown_h * 3600
        self.sender = sender
        self.org = org
        self.state_path = state_path
        self.dry_run = dry_run
        self.state = self._load_state()

    def _load_state(self):
        try:
            return json.loads(self.state_path.read_text())
        except FileNotFoundError:
            return {}
        except json.JSONDecodeError:
            log.warning("state file %s is corrupt, starting fresh", self.state_path)
            return {}

    def _save_state(self):
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.state, indent=2, sort_keys=True))
        tmp.replace(self.state_path)

    def read_usage(self):
        cmd = ["doveadm", "-f", "tab", "quota", "get", "-A"]
        try:
            out = subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=300).stdout
        except FileNotFoundError:
            log.error("doveadm not installed")
            sys.exit(1)
        except subprocess.CalledProcessError as exc:
            log.error("doveadm failed: %s", exc.stderr.strip())
            sys.exit(1)
        lines = out.splitlines()
        header = lines[0].split("\t")
        for line in lines[1:]:
            row = dict(zip(header, line.split("\t")))
            if row.get("Type") != "STORAGE":
                continue
            try:
                used = int(row["Value"])
                limit = int(row["Limit"]) if row["Limit"] not in ("-", "") else 0
            except (KeyError, ValueError):
                continue
            if limit:
                yield row["Username"], used, limit

    def _recently_warned(self, user):
        last = self.state.get(user, 0)
        return time.time() - last < self.cooldown

    def send_warning(self, smtp, user, used_kb, limit_kb):
        pct = 100.0 * used_kb / limit_kb
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = user
        msg["Subject"] = f"Your mailbox is {pct:.0f}% full"
        msg["Auto-Submitted"] = "auto-generated"
        msg.set_content(WARNING_TEMPLATE.format(
            user=user, used_mb=used_kb / 1024, limit_mb=limit_kb / 1024, pct=pct, org=self.org))
        if self.dry_run:
            log.info("[dry-run] would warn %s (%.0f%%)", user, pct)
            return
        smtp.send_message(msg)
        self.state[user] = int(time.time())
        log.info("warned %s (%.0f%%)", user, pct)

    def run(self, smtp_host):
        over = [(u, used, lim) for u, used, lim in self.read_usage()
                if 100.0 * used / lim >= self.threshold and not self._recently_warned(u)]
        log.info("%d account(s) above %d%%", len(over), self.threshold)
        if not over:
            return 0
        with smtplib.SMTP(smtp_host, 25, timeout=30) as smtp:
            for user, used, lim in over:
                try:
                    self.send_warning(smtp, user, used, lim)
                except smtplib.SMTPException as exc:
                    log.warning("could not warn %s: %s", user, exc)
        if not self.dry_run:
            self._save_state()
        return len(over)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threshold", type=int, default=90, help="percent of quota (default 90)")
    ap.add_argument("--cooldown", type=int, default=24, help="hours between warnings per user")
    ap.add_argument("--sender", default="postmaster@localhost")
    ap.add_argument("--org", default=os.environ.get("MAIL_ORG_NAME", "Corporate"))
    ap.add_argument("--smtp-host", default="localhost")
    ap.add_argument("--state", type=Path, default=DEFAULT_STATE)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    notifier = QuotaNotifier(args.threshold, args.cooldown, args.sender, args.org,
                             args.state, args.dry_run)
    try:
        notifier.run(args.smtp_host)
    except OSError as exc:
        log.error("quota run failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
