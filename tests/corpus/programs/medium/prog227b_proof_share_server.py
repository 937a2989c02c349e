#!/usr/bin/env python3
"""Share the soft-proof folder with the counter PCs and the customer-facing
tablet during opening hours.

Builds an index of the current proofs, writes a small launcher script and
starts Python's built-in web server on the proof folder in the background.
Use --stop to shut it down at closing time.
"""
import argparse
import html
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("proof_share")
PID_FILE = Path("/tmp/proof_share.pid")
LAUNCHER = Path("proof_share_launch.sh")


def build_index(folder: Path) -> int:
    proofs = sorted(folder.glob("*.pdf"), key=lambda p: p.stat().st_mtime,
                    reverse=True)
    rows = []
    for p in proofs:
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
        name = html.escape(p.name)
        rows.append(f'<tr><td><a href="{name}">{name}</a></td><td>{stamp}</td></tr>')
    page = ("<html><head><title>Proofs</title></head><body><h1>Current proofs</h1>"
            "<table>" + "\n".join(rows) + "</table></body></html>\n")
    (folder / "index.html").write_text(page)
    return len(proofs)


def write_launcher(folder: Path, port: int):
    LAUNCHER.write_text(
        "#!/bin/bash\n"
        "cd \"$PROOF_DIR\" || exit 1\n"
        "exec python3 -m http.server \"$PROOF_PORT\" --bind 0.0.0.0 "
        ">> \"$PROOF_LOG\" 2>&1\n"
    )
    LAUNCHER.chmod(0o755)


def start(folder: Path, port: int) -> int:
    if PID_FILE.exists():
        LOG.warning("server may already be running (pid file %s)", PID_FILE)
        return 1
    count = build_index(folder)
    write_launcher(folder, port)
    env = dict(os.environ, PROOF_DIR=str(folder.resolve()),
               PROOF_PORT=str(port),
               PROOF_LOG=str(Path("proof_share.log").resolve()))
    proc = subprocess.Popen(["bash", str(LAUNCHER)], env=env,
                            start_new_session=True)
    PID_FILE.write_text(str(proc.pid))
    LOG.info("sharing %d proof(s) from %s on port %d (pid %d)",
             count, folder, port, proc.pid)
    return 0


def stop() -> int:
    if not PID_FILE.exists():
        LOG.info("not running")
        return 0
    try:
        pid = int(PID_FILE.read_text().strip())
        os.killpg(pid, signal.SIGTERM)
        LOG.info("stopped pid %d", pid)
    except (ValueError, ProcessLookupError) as exc:
        LOG.warning("stale pid file: %s", exc)
    PID_FILE.unlink(missing_ok=True)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", default="proofs", type=Path)
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--stop", action="store_true")
    ap.add_argument("--reindex", action="store_true",
                    help="only rebuild index.html")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.stop:
        return stop()
    if not args.dir.is_dir():
        LOG.error("proof folder %s missing", args.dir)
        return 2
    if args.reindex:
        LOG.info("indexed %d proof(s)", build_index(args.dir))
        return 0
    if not 1024 < args.port < 65536:
        LOG.error("use an unprivileged port")
        return 2
    return start(args.dir, args.port)


if __name__ == "__main__":
    sys.exit(main())
