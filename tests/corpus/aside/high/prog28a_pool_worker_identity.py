#!/usr/bin/env python3
"""Render per-user mail quota reports with a process pool.

Started as root by the nightly job. Each pool worker switches to the
unprivileged 'reportgen' account in its initializer (supplementary groups,
gid, then uid) before touching any user data, then reads the user's
maildir sizes and writes a small text report into the reports directory.
"""
import argparse
import grp
import logging
import multiprocessing
import os
import pwd
import sys
from pathlib import Path
from typing import Tuple

log = logging.getLogger("quota-report")
WORKER_USER = "reportgen"
WORKER_GROUP = "mailreaders"


def become_worker_identity(user: str, group: str) -> None:
    """Pool initializer: runs once inside every worker process."""
    pw = pwd.getpwnam(user)
    gr = grp.getgrnam(group)
    os.setgroups([gr.gr_gid])
    os.setgid(gr.gr_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)


def dir_size(path: Path) -> Tuple[int, int]:
    total = files = 0
    for root, _dirs, names in os.walk(path):
        for n in names:
            try:
                total += os.lstat(os.path.join(root, n)).st_size
                files += 1
            except OSError:
                pass
    return total, files


def render_report(task: Tuple[str, str, int, str]) -> Tuple[str, int, bool]:
    username, maildir, quota_mb, out_dir = task
    used, count = dir_size(Path(maildir))
    used_mb = used / (1 << 20)
    over = used_mb > quota_mb
    lines = [
        f"Mailbox report for {username}",
        f"  messages : {count}",
        f"  used     : {used_mb:.1f} MiB of {quota_mb} MiB",
        f"  status   : {'OVER QUOTA' if over else 'ok'}",
    ]
    Path(out_dir, f"{username}.txt").write_text("\n".join(lines) + "\n")
    return username, int(used_mb), over


def read_quota_table(path: Path):
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        user, maildir, quota = line.split(":")
        yield user, maildir, int(quota)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quota-table", type=Path, default=Path("quotas.txt"))
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("--procs", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        log.error("must start as root so workers can switch to %s", WORKER_USER)
        return 1

    args.out.mkdir(parents=True, exist_ok=True)
    gid = grp.getgrnam(WORKER_GROUP).gr_gid
    os.chown(args.out, pwd.getpwnam(WORKER_USER).pw_uid, gid)

    tasks = [(u, m, q, str(args.out)) for u, m, q in read_quota_table(args.quota_table)]
    over_quota = []
    with multiprocessing.Pool(args.procs, initializer=become_worker_identity,
                              initargs=(WORKER_USER, WORKER_GROUP)) as pool:
        for user, used, over in pool.imap(render_report, tasks):
            log.info("%-16s %6d MiB%s", user, used, "  (over)" if over else "")
            if over:
                over_quota.append(user)

    log.info("%d reports written, %d over quota", len(tasks), len(over_quota))
    return 0


if __name__ == "__main__":
    sys.exit(main())
