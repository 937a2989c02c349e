#!/usr/bin/env python3
"""Native messaging host for the DevBridge browser extension.

Chrome/Firefox launch this with the extension origin as argv[1] and talk to
it over stdin/stdout using 32-bit length-prefixed JSON messages.  The host
lets the extension open finished downloads with the desktop's default
application and reveal them in the file manager.
"""
import json
import logging
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

HOST_NAME = "io.devbridge.host"
CONF_FILE = Path(__file__).with_name("devbridge.json")
LOG_FILE = Path.home() / ".cache" / "devbridge" / "host.log"

DEFAULTS = {
    "download_dir": str(Path.home() / "Downloads"),
    "opener": "xdg-open",
}

LOG_FILE.parent.mkdir(parents=True, exist_ok=True)
logging.basicConfig(filename=str(LOG_FILE), level=logging.INFO,
                    format="%(asctime)s %(message)s")
log = logging.getLogger(HOST_NAME)


def load_conf():
    conf = dict(DEFAULTS)
    try:
        conf.update(json.loads(CONF_FILE.read_text()))
    except FileNotFoundError:
        pass
    except ValueError as exc:
        log.warning("bad config %s: %s", CONF_FILE, exc)
    return conf


class Launcher:
    """Hands files to the desktop environment."""

    def __init__(self, conf):
        self.root = Path(conf["download_dir"]).expanduser().resolve()
        self.opener = shutil.which(conf["opener"]) or "xdg-open"

    def _checked(self, name):
        target = (self.root / name).resolve()
        if self.root not in target.parents and target != self.root:
            raise ValueError("path escapes download dir: %s" % name)
        if not target.exists():
            raise FileNotFoundError(str(target))
        return target

    def open(self, name):
        target = self._checked(name)
        subprocess.Popen([self.opener, str(target)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
        return str(target)

    def reveal(self, name):
        target = self._checked(name)
        folder = target.parent if target.is_file() else target
        subprocess.Popen(["gio", "open", str(folder)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
        return str(folder)


def read_message(stream):
    raw_len = stream.read(4)
    if len(raw_len) < 4:
        return None
    (length,) = struct.unpack("=I", raw_len)
    return json.loads(stream.read(length).decode("utf-8"))


def write_message(stream, obj):
    data = json.dumps(obj).encode("utf-8")
    stream.write(struct.pack("=I", len(data)))
    stream.write(data)
    stream.flush()


def dispatch(msg, launcher):
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong", "ts": time.time()}
    if kind == "version":
        return {"type": "version", "host": HOST_NAME, "python": sys.version}
    try:
        if kind == "open":
            return {"type": "opened", "path": launcher.open(msg["name"])}
        if kind == "reveal":
            return {"type": "revealed", "path": launcher.reveal(msg["name"])}
    except (KeyError, ValueError, FileNotFoundError) as exc:
        return {"type": "error", "message": str(exc)}
    return {"type": "error", "message": "unknown message %r" % kind}


def main():
    origin = sys.argv[1] if len(sys.argv) > 1 else "unknown"
    log.info("started by %s", origin)
    launcher = Launcher(load_conf())

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            msg = read_message(stdin)
        except ValueError as exc:
            log.error("malformed message: %s", exc)
            continue
        if msg is None:
            log.info("browser closed the pipe")
            break
        write_message(stdout, dispatch(msg, launcher))
    return 0


if __name__ == "__main__":
    sys.exit(main())
