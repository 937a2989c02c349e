#!/usr/bin/env python3
"""Record a command's terminal session (like script(1)) with timing data.

The command runs on a fresh pseudo-terminal; its output is copied to the
user's terminal, to a typescript file and to a timing file for replay.
"""
import argparse
import errno
import fcntl
import logging
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time
import tty

log = logging.getLogger("ptyrec")


def copy_winsize(src_fd, dst_fd):
    try:
        packed = fcntl.ioctl(src_fd, termios.TIOCGWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
        fcntl.ioctl(dst_fd, termios.TIOCSWINSZ, packed)
    except OSError:
        pass


class Recorder:
    def __init__(self, command, typescript, timing_path):
        self.command = command
        self.typescript = open(typescript, "ab")
        self.timing = open(timing_path, "w")
        self.master_fd = None
        self.child_pid = None
        self.last = time.monotonic()

    def _record(self, chunk):
        now = time.monotonic()
        self.timing.write("%.6f %d\n" % (now - self.last, len(chunk)))
        self.last = now
        self.typescript.write(chunk)

    def _on_winch(self, _signum, _frame):
        if self.master_fd is not None and os.isatty(0):
            copy_winsize(0, self.master_fd)

    def run(self):
        self.child_pid, self.master_fd = pty.fork()
        if self.child_pid == 0:
            try:
                os.execvp(self.command[0], self.command)
            except OSError as exc:
                os.write(2, ("exec: %s\n" % exc).encode())
                os._exit(127)
        signal.signal(signal.SIGWINCH, self._on_winch)
        self._on_winch(None, None)
        old_attrs = None
        if os.isatty(0):
            old_attrs = termios.tcgetattr(0)
            tty.setraw(0)
        try:
            self._pump()
        finally:
            if old_attrs is not None:
                termios.tcsetattr(0, termios.TCSAFLUSH, old_attrs)
            self.typescript.close()
            self.timing.close()
        _, status = os.waitpid(self.child_pid, 0)
        return os.waitstatus_to_exitcode(status)

    def _pump(self):
        fds = [self.master_fd, 0]
        while True:
            try:
                ready, _, _ = select.select(fds, [], [])
            except InterruptedError:
                continue
            if self.master_fd in ready:
                try:
                    data = os.read(self.master_fd, 4096)
                except OSError as exc:
                    if exc.errno == errno.EIO:
                        return
                    raise
                if not data:
                    return
                os.write(1, data)
                self._record(data)
            if 0 in ready:
                data = os.read(0, 1024)
                if not data:
                    fds.remove(0)
                else:
                    os.write(self.master_fd, data)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-o", "--output", default="typescript")
    ap.add_argument("-t", "--timing", help="timing file (default: a temp name)")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)

    command = args.command or [os.environ.get("SHELL", "/bin/sh")]
    timing_path = args.timing or tempfile.mktemp(prefix="ptyrec-", suffix=".timing")
    log.info("recording %s -> %s (timing %s)", " ".join(command), args.output, timing_path)
    code = Recorder(command, args.output, timing_path).run()
    log.info("session finished, exit code %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
