#!/usr/bin/env python3
"""Build a Flatpak bundle of the desktop client from the manifest in
packaging/flatpak/, installing the required runtime and SDK first.

    python3 flatpak_bundle_build.py --manifest packaging/flatpak/com.acme.Notes.yml
"""
import argparse
import logging
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

FLATHUB = "https://dl.flathub.org/repo/flathub.flatpakrepo"
log = logging.getLogger("flatpak-build")


class CommandRunner:
    """Thin wrapper that logs commands and escalates the ones that need it."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.elevate = self._pick_elevation()

    @staticmethod
    def _pick_elevation():
        for tool in ("pkexec", "sudo"):
            if shutil.which(tool):
                return [tool] if tool == "pkexec" else [tool, "-n"]
        return []

    def __call__(self, argv, privileged=False, capture=False, check=True):
        if privileged:
            argv = self.elevate + argv
        log.debug("$ %s", shlex.join(argv))
        if self.dry_run and not capture:
            return subprocess.CompletedProcess(argv, 0, "", "")
        return subprocess.run(argv, check=check, text=True,
                              capture_output=capture)


def manifest_refs(manifest: Path):
    """Pull runtime, sdk and version from a yaml/json manifest without a yaml dep."""
    text = manifest.read_text()
    fields = {}
    for key in ("runtime", "runtime-version", "sdk", "app-id", "id"):
        m = re.search(rf'^\s*"?{key}"?\s*:\s*"?([^",\n]+)"?', text, re.M)
        if m:
            fields[key] = m.group(1).strip().strip("'")
    version = fields.get("runtime-version", "23.08")
    app_id = fields.get("app-id") or fields.get("id")
    return (f"{fields['runtime']}//{version}", f"{fields['sdk']}//{version}", app_id)


def system_has(run, ref):
    res = run(["flatpak", "info", "--system", ref], capture=True, check=False)
    return res.returncode == 0


def ensure_remote(run):
    remotes = run(["flatpak", "remotes", "--system", "--columns=name"], capture=True).stdout
    if "flathub" not in remotes.split():
        log.info("adding flathub system remote")
        run(["flatpak", "remote-add", "--system", "--if-not-exists", "flathub", FLATHUB],
            privileged=True)


def ensure_runtimes(run, refs):
    missing = [r for r in refs if not system_has(run, r)]
    if missing:
        log.info("installing %s system-wide", ", ".join(missing))
        run(["flatpak", "install", "--system", "--noninteractive", "-y", "flathub", *missing],
            privileged=True)


def build(run, manifest, app_id, out_dir: Path, branch):
    build_dir = out_dir / "build-dir"
    repo_dir = out_dir / "repo"
    run(["flatpak-builder", "--force-clean", "--ccache", f"--repo={repo_dir}",
         f"--default-branch={branch}", "--state-dir", str(out_dir / ".flatpak-builder"),
         str(build_dir), str(manifest)])
    bundle = out_dir / f"{app_id}-{branch}.flatpak"
    run(["flatpak", "build-bundle", str(repo_dir), str(bundle), app_id, branch])
    return bundle


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path("dist/flatpak"))
    ap.add_argument("--branch", default="beta")
    ap.add_argument("--skip-runtime-check", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="[%(levelname)s] %(message)s")

    if not args.manifest.is_file():
        log.error("manifest %s not found", args.manifest)
        return 2
    runtime, sdk, app_id = manifest_refs(args.manifest)
    run = CommandRunner(args.dry_run)
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        if not args.skip_runtime_check:
            ensure_remote(run)
            ensure_runtimes(run, [runtime, sdk])
        bundle = build(run, args.manifest, app_id, args.out, args.branch)
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, shlex.join(exc.cmd))
        return 1
    log.info("bundle written to %s", bundle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
