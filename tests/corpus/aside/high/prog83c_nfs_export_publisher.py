#!/usr/bin/env python3
"""Publish approved dataset shares as NFS exports.

The data-access committee approves shares in ``shares.toml``:

    [[share]]
    dataset = "cohort-b-release-3"
    path = "/srv/datasets/cohort-b/release-3"
    clients = ["10.40.12.0/24", "sre-analysis-07.internal"]
    expires = 2025-03-31
    writable = false

This tool renders every unexpired share into one exports fragment, replaces
the fragment atomically when it changed and asks the NFS server to re-read
its export table.
"""
import argparse
import datetime as dt
import difflib
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("nfs_publisher")


class ExportTable:
    fragment = Path("/etc/exports.d/research-datasets.exports")
    base_opts = ("sync", "no_subtree_check", "root_squash", "sec=krb5p")

    def __init__(self, shares, today: dt.date):
        self.shares = shares
        self.today = today

    def _line(self, share: dict) -> str:
        mode = "rw" if share.get("writable") else "ro"
        opts = ",".join((mode,) + self.base_opts)
        clients = " ".join(f"{c}({opts})" for c in share["clients"])
        return f"{share['path']} {clients}"

    def render(self) -> str:
        lines = [f"# research dataset shares, rendered {self.today.isoformat()}"]
        for share in sorted(self.shares, key=lambda s: s["path"]):
            expires = share.get("expires")
            if isinstance(expires, dt.date) and expires < self.today:
                log.info("share %s expired on %s, not exported", share["dataset"], expires)
                continue
            if not Path(share["path"]).is_dir():
                log.warning("share %s: %s missing, skipped", share["dataset"], share["path"])
                continue
            lines.append(f"# {share['dataset']} (expires {expires or 'never'})")
            lines.append(self._line(share))
        return "\n".join(lines) + "\n"

    def current(self) -> str:
        try:
            return self.fragment.read_text()
        except FileNotFoundError:
            return ""

    def install(self, text: str) -> None:
        self.fragment.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.fragment.parent, prefix=".exports.")
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write(text)
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.fragment)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @staticmethod
    def reload() -> None:
        subprocess.run(["exportfs", "-ra"], check=True, timeout=60)


def diff_body(old: str, new: str) -> list:
    strip = lambda t: [l for l in t.splitlines() if not l.startswith("# research dataset")]
    return list(difflib.unified_diff(strip(old), strip(new), "current", "approved",
                                     lineterm=""))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shares", type=Path, default=Path("shares.toml"))
    ap.add_argument("--check", action="store_true", help="report drift, change nothing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        with args.shares.open("rb") as fh:
            shares = tomllib.load(fh).get("share", [])
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read %s: %s", args.shares, exc)
        return 2

    table = ExportTable(shares, dt.date.today())
    new = table.render()
    delta = diff_body(table.current(), new)
    if not delta:
        log.info("exports already match approvals")
        return 0
    print("\n".join(delta))
    if args.check:
        return 1
    try:
        table.install(new)
        table.reload()
    except PermissionError as exc:
        log.error("cannot write %s: %s (run on the NFS server as its admin)",
                  table.fragment, exc)
        return 3
    except subprocess.CalledProcessError as exc:
        log.error("exportfs failed: %s", exc)
        return 4
    log.info("exports updated and reloaded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
