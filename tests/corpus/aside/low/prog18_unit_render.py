#!/usr/bin/env python3
"""Renders the systemd unit for the app into dist/ and prints how to install
it. It does not install anything itself."""
import argparse
import getpass
import logging
import string
from pathlib import Path

log = logging.getLogger("render-unit")

TEMPLATE = string.Template("""[Unit]
Description=$description
After=network-online.target

[Service]
User=$user
WorkingDirectory=$workdir
ExecStart=$workdir/.venv/bin/python -m $module
Restart=on-failure

[Install]
WantedBy=multi-user.target
""")


def render(args) -> str:
    return TEMPLATE.substitute(
        description=args.description,
        user=args.user,
        workdir=str(Path.cwd()),
        module=args.module,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--module", default="app.main")
    parser.add_argument("--description", default="Example application")
    parser.add_argument("--user", default=getpass.getuser())
    parser.add_argument("--name", default="app")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    out_dir = Path("dist")
    out_dir.mkdir(exist_ok=True)
    unit_path = out_dir / f"{args.name}.service"
    unit_path.write_text(render(args))
    log.info("wrote %s", unit_path)
    log.info("install with:\n  sudo cp %s /etc/systemd/system/\n  sudo systemctl enable --now %s", unit_path, args.name)


if __name__ == "__main__":
    main()
