#!/usr/bin/env python3
"""Enable account lockout (pam_faillock) on Debian/Ubuntu hosts.

CIS benchmark 5.4.2: lock an account after N failed logins.  This script
 * writes deny/unlock_time/fail_interval into /etc/security/faillock.conf
 * inserts the preauth/authfail/authsucc pam_faillock lines around pam_unix
   in /etc/pam.d/common-auth, and the account line in common-account
 * keeps a timestamped backup of every file it touches.
It is idempotent: running it twice changes nothing the second time.
"""
import argparse
import configparser
import datetime
import logging
import os
import shutil
import sys
from pathlib import Path

PAM_DIR = Path("/etc/pam.d")
FAILLOCK_CONF = Path("/etc/security/faillock.conf")

PREAUTH = "auth        required      pam_faillock.so preauth"
AUTHFAIL = "auth        [default=die] pam_faillock.so authfail"
AUTHSUCC = "auth        sufficient    pam_faillock.so authsucc"
ACCOUNT = "account     required      pam_faillock.so"

log = logging.getLogger("faillock")


def backup(path: Path) -> None:
    if path.exists():
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        dest = path.with_name(f"{path.name}.bak-{stamp}")
        shutil.copy2(path, dest)
        log.debug("backup %s -> %s", path, dest)


def atomic_write(path: Path, text: str, mode: int = 0o644) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    os.chmod(tmp, mode)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)


def patch_common_auth(lines):
    if any("pam_faillock.so" in l for l in lines):
        return lines, False
    out, done = [], False
    for line in lines:
        stripped = line.split("#", 1)[0]
        if not done and "pam_unix.so" in stripped and stripped.lstrip().startswith("auth"):
            out.append(PREAUTH)
            out.append(line)
            out.append(AUTHFAIL)
            out.append(AUTHSUCC)
            done = True
        else:
            out.append(line)
    if not done:
        raise RuntimeError("pam_unix auth line not found in common-auth")
    return out, True


def patch_common_account(lines):
    if any("pam_faillock.so" in l for l in lines):
        return lines, False
    return [ACCOUNT] + lines, True


def write_faillock_conf(deny: int, unlock: int, interval: int, dry_run: bool) -> bool:
    wanted = {"deny": str(deny), "unlock_time": str(unlock), "fail_interval": str(interval)}
    current = {}
    if FAILLOCK_CONF.exists():
        parser = configparser.ConfigParser(delimiters=("=",), comment_prefixes=("#",))
        parser.read_string("[s]\n" + FAILLOCK_CONF.read_text())
        current = {k: v.strip() for k, v in parser["s"].items()}
    if all(current.get(k) == v for k, v in wanted.items()):
        return False
    merged = {**current, **wanted}
    body = "# managed by pam_faillock_setup\n" + "".join(f"{k} = {v}\n" for k, v in merged.items())
    log.info("faillock.conf: %s", wanted)
    if not dry_run:
        backup(FAILLOCK_CONF)
        atomic_write(FAILLOCK_CONF, body)
    return True


def apply(name: str, patcher, dry_run: bool) -> bool:
    path = PAM_DIR / name
    lines = path.read_text().splitlines()
    new_lines, changed = patcher(lines)
    if changed:
        log.info("%s: inserting pam_faillock", path)
        if not dry_run:
            backup(path)
            atomic_write(path, "\n".join(new_lines) + "\n")
    return changed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deny", type=int, default=5)
    ap.add_argument("--unlock-time", type=int, default=900)
    ap.add_argument("--fail-interval", type=int, default=900)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("root required (or use --dry-run)")
        return 2
    try:
        changed = write_faillock_conf(args.deny, args.unlock_time, args.fail_interval, args.dry_run)
        changed |= apply("common-auth", patch_common_auth, args.dry_run)
        changed |= apply("common-account", patch_common_account, args.dry_run)
    except (OSError, RuntimeError) as exc:
        log.error("aborted: %s", exc)
        return 1
    log.info("%s", "changes applied" if changed and not args.dry_run else "nothing to do" if not changed else "dry run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
