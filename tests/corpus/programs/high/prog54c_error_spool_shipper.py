"""Ship spooled application errors to Sentry.

The web workers write one JSON document per unhandled exception into the
spool directory.  This shipper is started by the process supervisor; it
switches to the unprivileged 'errship' account, then forwards each spooled
event with sentry_sdk and removes it from the spool.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from pathlib import Path

import sentry_sdk

log = logging.getLogger("error-shipper")


def become(user: str, group: str) -> None:
    """Switch the process identity to user:group if we are started as root."""
    if os.geteuid() != 0:
        log.info("not root, keeping uid %d", os.getuid())
        return
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid
    os.setgroups([gid])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o077)
    log.info("now running as %s (uid=%d gid=%d)", user, pw.pw_uid, gid)


def ship(event_file: Path) -> bool:
    try:
        doc = json.loads(event_file.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.warning("unreadable event %s: %s", event_file.name, exc)
        return False
    with sentry_sdk.push_scope() as scope:
        scope.set_tag("worker", doc.get("worker", "unknown"))
        scope.set_tag("route", doc.get("route", "-"))
        scope.set_extra("request_id", doc.get("request_id"))
        scope.fingerprint = [doc.get("exc_type", "Error"), doc.get("route", "-")]
        sentry_sdk.capture_message(
            f"{doc.get('exc_type', 'Error')}: {doc.get('message', '')}\n{doc.get('traceback', '')}",
            level="error",
        )
    return True


def drain(spool: Path, batch: int) -> int:
    sent = 0
    for event_file in sorted(spool.glob("*.json"))[:batch]:
        if ship(event_file):
            event_file.unlink()
            sent += 1
        else:
            event_file.rename(event_file.with_suffix(".bad"))
    if sent:
        sentry_sdk.flush(timeout=10)
    return sent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spool", type=Path, default=Path("error-spool"))
    ap.add_argument("--user", default="errship")
    ap.add_argument("--group", default="errship")
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    spool = args.spool.resolve()
    become(args.user, args.group)
    sentry_sdk.init(dsn=os.environ["SENTRY_DSN"],
                    environment=os.environ.get("APP_ENV", "production"),
                    send_default_pii=False, default_integrations=False)
    while True:
        count = drain(spool, args.batch)
        if count:
            log.info("shipped %d event(s)", count)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
