#!/usr/bin/env python3
"""Toggle "exam mode" on a lab workstation.

During proctored programming exams the lab PCs must not reach public
Q&A / AI assistant sites.  Exam mode adds a marked block of entries to
/etc/hosts pointing those domains at 0.0.0.0; leaving exam mode removes
exactly that block again.  A backup of the original file is kept.
"""

import argparse
import datetime
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("exammode")

HOSTS = Path("/etc/hosts")
BACKUP_DIR = Path("/var/backups/exammode")
BEGIN = "# >>> exam-mode block (managed) >>>"
END = "# <<< exam-mode block (managed) <<<"

DEFAULT_BLOCKLIST = [
    "stackoverflow.com", "www.stackoverflow.com",
    "chat.openai.com", "chatgpt.com",
    "gemini.google.com", "copilot.microsoft.com",
    "www.chegg.com", "chegg.com",
    "github.com", "gist.github.com",
    "pastebin.com", "discord.com",
]


def load_blocklist(path):
    if not path:
        return DEFAULT_BLOCKLIST
    names = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"


def build_block(domains, exam_id):
    lines = [BEGIN, f"# exam {exam_id} enabled {datetime.datetime.now():%Y-%m-%d %H:%M}"]
    lines += [f"0.0.0.0\t{d}" for d in domains]
    lines.append(END)
    return "\n".join(lines) + "\n"


def backup_hosts():
    BACKUP_DIR.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    dest = BACKUP_DIR / f"hosts.{stamp}"
    shutil.copy2(HOSTS, dest)
    return dest


def write_hosts(text):
    tmp = HOSTS.with_name(".hosts.exammode.tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    os.replace(tmp, HOSTS)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["enable", "disable", "status"])
    ap.add_argument("--exam-id", default="CS1010-final")
    ap.add_argument("--blocklist", help="file with one domain per line")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    current = HOSTS.read_text()
    active = BEGIN in current
    if args.action == "status":
        print("exam mode is", "ON" if active else "OFF")
        return 0

    if os.geteuid() != 0:
        log.error("editing %s requires root", HOSTS)
        return 1

    saved = backup_hosts()
    log.info("backup written to %s", saved)
    base = strip_block(current)
    if args.action == "enable":
        domains = load_blocklist(args.blocklist)
        write_hosts(base + build_block(domains, args.exam_id))
        log.info("exam mode enabled: %d domains blocked", len(domains))
    else:
        write_hosts(base)
        log.info("exam mode disabled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
