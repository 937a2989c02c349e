#!/usr/bin/env python3
"""Mount read-only squashfs plugin bundles for the render farm workers.

Each bundle in ./bundles/<name>-<version>.sqfs is loop-mounted read-only at
/opt/renderfarm/plugins/<name>; the worker processes then load plugins from
those fixed paths. Run with --unmount to detach everything again.
"""
import argparse
import json
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("sqfs-mounts")
MOUNT_ROOT = Path("/opt/renderfarm/plugins")
BUNDLE_RE = re.compile(r"^(?P<name>[a-z][a-z0-9_]+)-(?P<ver>\d+(?:\.\d+){1,2})\.sqfs$")
STATE = Path("bundles/.mounted.json")


def run(cmd, check=True):
    log.debug("+ %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def is_mounted(target: Path) -> bool:
    return run(["mountpoint", "-q", str(target)], check=False).returncode == 0


def newest_bundles(bundle_dir: Path):
    chosen = {}
    for f in bundle_dir.glob("*.sqfs"):
        m = BUNDLE_RE.match(f.name)
        if not m:
            log.warning("ignoring oddly named bundle %s", f.name)
            continue
        ver = tuple(int(x) for x in m["ver"].split("."))
        if m["name"] not in chosen or ver > chosen[m["name"]][0]:
            chosen[m["name"]] = (ver, f.resolve())
    return {name: path for name, (_, path) in chosen.items()}


def mount_all(bundle_dir: Path):
    if shutil.which("mount") is None:
        raise RuntimeError("mount(8) not available")
    mounted = {}
    for name, image in sorted(newest_bundles(bundle_dir).items()):
        target = MOUNT_ROOT / name
        target.mkdir(parents=True, exist_ok=True)
        if is_mounted(target):
            run(["umount", str(target)])
        run(["mount", "-t", "squashfs", "-o", "loop,ro,nodev,nosuid", str(image), str(target)])
        mounted[name] = str(image)
        log.info("mounted %-20s <- %s", name, image.name)
    STATE.write_text(json.dumps(mounted, indent=2))
    return mounted


def unmount_all():
    names = json.loads(STATE.read_text()) if STATE.exists() else {}
    for name in names:
        target = MOUNT_ROOT / name
        if is_mounted(target):
            res = run(["umount", str(target)], check=False)
            if res.returncode:
                log.error("umount %s failed: %s", target, res.stderr.strip())
                continue
        log.info("unmounted %s", target)
    STATE.unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bundles", type=Path, default=Path("bundles"))
    ap.add_argument("--unmount", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        if args.unmount:
            unmount_all()
        else:
            done = mount_all(args.bundles)
            log.info("%d bundle(s) mounted under %s", len(done), MOUNT_ROOT)
    except subprocess.CalledProcessError as exc:
        log.error("%s failed: %s", exc.cmd[0], (exc.stderr or "").strip())
        return 1
    except (RuntimeError, PermissionError) as exc:
        log.error("%s (root privileges are required)", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
