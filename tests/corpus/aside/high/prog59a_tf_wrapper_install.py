#!/usr/bin/env python3
"""Install a site-wide `terraform` wrapper in /usr/local/bin.

The wrapper shadows the distribution binary (which stays in /usr/bin), adds
a lock timeout and a plugin cache for every invocation, and refuses
`apply`/`destroy` in the production workspace without an explicit flag.
"""
import argparse
import logging
import os
import shutil
import stat
import sys
from pathlib import Path
from string import Template

log = logging.getLogger("tfwrap")

WRAPPER = Template("""#!/bin/sh
# terraform wrapper installed by tfwrap $version
REAL=$real
export TF_PLUGIN_CACHE_DIR="$${TF_PLUGIN_CACHE_DIR:-$$HOME/.terraform.d/plugin-cache}"
mkdir -p "$$TF_PLUGIN_CACHE_DIR"
case "$$1" in
  apply|destroy|import)
    ws=$$("$$REAL" workspace show 2>/dev/null)
    if [ "$$ws" = "$protected" ] && [ "$${TF_ALLOW_PROD:-}" != "yes" ]; then
      echo "tfwrap: '$$1' in workspace '$$ws' needs TF_ALLOW_PROD=yes" >&2
      exit 3
    fi
    cmd=$$1; shift
    exec "$$REAL" "$$cmd" -lock-timeout=$lock_timeout "$$@"
    ;;
esac
exec "$$REAL" "$$@"
""")


def find_real_terraform(install_dir: Path) -> Path:
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if not entry or Path(entry).resolve() == install_dir.resolve():
            continue
        candidate = Path(entry) / "terraform"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError("no terraform binary found outside %s" % install_dir)


def install(target: Path, content: str, backup: bool) -> None:
    if target.exists():
        if "installed by tfwrap" not in target.read_text(errors="replace"):
            raise FileExistsError(f"{target} exists and is not ours")
        if backup:
            shutil.copy2(target, target.with_name(target.name + ".prev"))
    tmp = target.with_name("." + target.name + ".tmp")
    tmp.write_text(content)
    os.chown(tmp, 0, 0)
    tmp.chmod(stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    os.replace(tmp, target)


def main() -> int:
    ap = argparse.ArgumentParser(description="install the terraform wrapper")
    ap.add_argument("--prefix", default="/usr/local/bin")
    ap.add_argument("--lock-timeout", default="120s")
    ap.add_argument("--protected-workspace", default="prod")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to write into %s", args.prefix)
        return 1
    prefix = Path(args.prefix)
    try:
        real = find_real_terraform(prefix)
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 1

    script = WRAPPER.substitute(version="1.4", real=real, protected=args.protected_workspace,
                                lock_timeout=args.lock_timeout)
    try:
        install(prefix / "terraform", script, backup=not args.no_backup)
    except (FileExistsError, PermissionError) as exc:
        log.error("%s", exc)
        return 1
    log.info("wrapper installed in %s (real binary: %s)", prefix, real)
    return 0


if __name__ == "__main__":
    sys.exit(main())
