#!/usr/bin/env python3
"""Bring the host's libpwquality settings in line with the corporate
password standard (CIS 5.4.1) and report what changed.

The desired settings come from ./password_standard.json. The current file
is parsed, merged and written back through `sudo tee`, keeping a dated
backup next to it.
"""
import argparse
import datetime
import difflib
import json
import logging
import subprocess
from pathlib import Path

log = logging.getLogger("pwquality-enforce")
PWQUALITY = Path("/etc/security/pwquality.conf")
DEFAULT_STANDARD = {
    "minlen": 14, "dcredit": -1, "ucredit": -1, "lcredit": -1,
    "ocredit": -1, "minclass": 4, "maxrepeat": 3, "dictcheck": 1,
    "enforce_for_root": None,
}


def parse_conf(text: str) -> dict:
    settings = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" in line:
            key, value = (p.strip() for p in line.split("=", 1))
            settings[key] = value
        else:
            settings[line] = None
    return settings


def render(settings: dict) -> str:
    stamp = datetime.date.today().isoformat()
    lines = [f"# managed by pwquality-enforce on {stamp}"]
    for key in sorted(settings):
        value = settings[key]
        lines.append(key if value is None else f"{key} = {value}")
    return "\n".join(lines) + "\n"


def sudo_write(path: Path, content: str) -> None:
    subprocess.run(["sudo", "tee", str(path)], input=content, text=True,
                   stdout=subprocess.DEVNULL, check=True)


def sudo_backup(path: Path) -> Path:
    backup = path.with_name(path.name + "." + datetime.datetime.now().strftime("%Y%m%d%H%M%S"))
    subprocess.run(["sudo", "cp", "-p", str(path), str(backup)], check=True)
    return backup


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--standard", type=Path, default=Path("password_standard.json"))
    ap.add_argument("--apply", action="store_true", help="write changes (default: diff only)")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    standard = dict(DEFAULT_STANDARD)
    if args.standard.exists():
        standard.update(json.loads(args.standard.read_text()))

    current_text = PWQUALITY.read_text() if PWQUALITY.exists() else ""
    current = parse_conf(current_text)
    merged = dict(current)
    for key, value in standard.items():
        merged[key] = None if value is None else str(value)

    new_text = render(merged)
    changed = {k for k in merged if current.get(k, "<unset>") != merged[k]}
    if not changed:
        log.info("%s already satisfies the standard", PWQUALITY)
        return 0

    diff = difflib.unified_diff(current_text.splitlines(), new_text.splitlines(),
                                str(PWQUALITY), str(PWQUALITY) + " (proposed)", lineterm="")
    print("\n".join(diff))
    if not args.apply:
        log.info("%d settings differ; rerun with --apply", len(changed))
        return 1
    try:
        if PWQUALITY.exists():
            log.info("backup written to %s", sudo_backup(PWQUALITY))
        sudo_write(PWQUALITY, new_text)
    except subprocess.CalledProcessError as exc:
        log.error("sudo step failed: %s", exc)
        return 2
    log.info("updated %s (%s)", PWQUALITY, ", ".join(sorted(changed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
