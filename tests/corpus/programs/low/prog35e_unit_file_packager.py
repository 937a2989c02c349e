#!/usr/bin/env python3
"""Render systemd service/timer files for the .deb packaging step.

Reads service definitions from services.toml (in the repository root) and
writes unit files into ./dist/systemd/, where dpkg-buildpackage picks them up.
Nothing is installed or enabled on the machine running this script.
"""
from __future__ import annotations

import argparse
import logging
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib  # type: ignore[no-redef]

logger = logging.getLogger(__name__)

SERVICE_TEMPLATE = textwrap.dedent(
    """\
    [Unit]
    Description={description}
    After=network-online.target
    Wants=network-online.target

    [Service]
    Type={type}
    User={user}
    ExecStart={exec_start}
    Restart={restart}
    {environment}

    [Install]
    WantedBy=multi-user.target
    """
)

TIMER_TEMPLATE = textwrap.dedent(
    """\
    [Unit]
    Description=Timer for {name}

    [Timer]
    OnCalendar={on_calendar}
    Persistent=true

    [Install]
    WantedBy=timers.target
    """
)


@dataclass
class ServiceSpec:
    name: str
    description: str
    exec_start: str
    user: str = "appsvc"
    type: str = "simple"
    restart: str = "on-failure"
    on_calendar: str | None = None
    environment: dict[str, str] | None = None

    def validate(self) -> list[str]:
        problems = []
        if not self.exec_start.startswith("/"):
            problems.append(f"{self.name}: ExecStart must be an absolute path")
        if self.user == "root":
            problems.append(f"{self.name}: services must not run as root")
        if self.on_calendar and self.type != "oneshot":
            problems.append(f"{self.name}: timers need Type=oneshot")
        return problems


def load_specs(path: Path) -> list[ServiceSpec]:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    specs = []
    for name, body in data.get("service", {}).items():
        specs.append(ServiceSpec(name=name, **body))
    return specs


def render_service(spec: ServiceSpec) -> str:
    env_lines = "\n".join(
        f'Environment="{k}={v}"' for k, v in sorted((spec.environment or {}).items())
    )
    return SERVICE_TEMPLATE.format(
        description=spec.description,
        type=spec.type,
        user=spec.user,
        exec_start=spec.exec_start,
        restart="no" if spec.type == "oneshot" else spec.restart,
        environment=env_lines,
    )


def write_units(specs: list[ServiceSpec], outdir: Path) -> int:
    outdir.mkdir(parents=True, exist_ok=True)
    written = 0
    for spec in specs:
        unit = outdir / f"{spec.name}.service"
        unit.write_text(render_service(spec))
        written += 1
        logger.info("rendered %s", unit.relative_to(Path.cwd()))
        if spec.on_calendar:
            timer = outdir / f"{spec.name}.timer"
            timer.write_text(TIMER_TEMPLATE.format(name=spec.name, on_calendar=spec.on_calendar))
            written += 1
            logger.info("rendered %s", timer.relative_to(Path.cwd()))
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="services.toml")
    ap.add_argument("--check", action="store_true", help="validate only, write nothing")
    ap.add_argument("--quiet", action="store_true")
    opts = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if opts.quiet else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    config = Path(opts.config)
    try:
        specs = load_specs(config)
    except (OSError, tomllib.TOMLDecodeError, TypeError) as exc:
        logger.error("cannot load %s: %s", config, exc)
        return 2

    problems = [p for spec in specs for p in spec.validate()]
    for problem in problems:
        logger.error(problem)
    if problems:
        return 1
    if opts.check:
        logger.info("%d service definitions OK", len(specs))
        return 0

    count = write_units(specs, Path.cwd() / "dist" / "systemd")
    print(f"{count} unit files written to dist/systemd/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
