#!/usr/bin/env python3
"""Render systemd unit files for this project's services into ./deploy/out.

The rendered files are meant to be reviewed and shipped by the packaging
pipeline; this tool never installs or enables anything on the host.
"""
import argparse
import configparser
import logging
import string
import sys
from pathlib import Path

log = logging.getLogger("unitgen")

UNIT_TEMPLATE = string.Template(
    """[Unit]
Description=$description
After=network-online.target
Wants=network-online.target

[Service]
Type=$service_type
User=$user
WorkingDirectory=$workdir
ExecStart=$exec_start
Restart=on-failure
RestartSec=$restart_sec
Environment=APP_ENV=$app_env

[Install]
WantedBy=multi-user.target
"""
)

DEFAULTS = {
    "service_type": "simple",
    "user": "appsvc",
    "restart_sec": "5",
    "app_env": "production",
}

REQUIRED = ("description", "exec_start", "workdir")


class RenderError(Exception):
    pass


def load_services(ini_path: Path) -> dict:
    parser = configparser.ConfigParser(interpolation=None)
    with ini_path.open(encoding="utf-8") as fh:
        parser.read_file(fh)
    services = {}
    for section in parser.sections():
        values = dict(DEFAULTS)
        values.update(parser[section])
        missing = [k for k in REQUIRED if not values.get(k)]
        if missing:
            raise RenderError(f"[{section}] missing keys: {', '.join(missing)}")
        services[section] = values
    return services


def render(name: str, values: dict) -> str:
    if not values["exec_start"].startswith("/"):
        raise RenderError(f"{name}: ExecStart must be an absolute path")
    return UNIT_TEMPLATE.substitute(values)


def write_units(services: dict, out_dir: Path, dry_run: bool) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = 0
    for name, values in sorted(services.items()):
        text = render(name, values)
        target = out_dir / f"{name}.service"
        if dry_run:
            print(f"# --- {target} ---")
            print(text)
            continue
        if target.exists() and target.read_text(encoding="utf-8") == text:
            log.info("unchanged: %s", target)
            continue
        target.write_text(text, encoding="utf-8")
        log.info("wrote %s", target)
        written += 1
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="deploy/services.ini", type=Path)
    ap.add_argument("--out", default="deploy/out", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(message)s",
    )
    if args.out.is_absolute():
        log.error("--out must be relative to the project directory")
        return 2
    try:
        services = load_services(args.config)
        count = write_units(services, args.out, args.dry_run)
    except (OSError, RenderError, configparser.Error) as exc:
        log.error("%s", exc)
        return 1
    log.info("%d unit file(s) rendered into %s", count, args.out)
    print("Review the files, then let the package build copy them.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
