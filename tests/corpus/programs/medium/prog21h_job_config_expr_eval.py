#!/usr/bin/env python3
"""jobconf - loads batch-job settings whose values are Python expressions.

Example jobs.ini:

    [defaults]
    workers = os.cpu_count() * 2
    timeout = 45 * 60
    retry_delays = [2 ** n for n in range(5)]

    [nightly-export]
    workers = 4
    output = "exports/" + today.strftime("%Y-%m-%d")
"""
import configparser
import datetime
import os
import sys

DEFAULT_PATH = "jobs.ini"

EXPR_CONTEXT = {
    "os": os,
    "today": datetime.date.today(),
    "timedelta": datetime.timedelta,
    "KiB": 1024,
    "MiB": 1024 ** 2,
    "GiB": 1024 ** 3,
}

REQUIRED = {"workers": int, "timeout": (int, float)}


class ConfigError(Exception):
    pass


def evaluate_section(parser, section):
    values = {}
    for key, raw in parser.items(section):
        scope = dict(EXPR_CONTEXT)
        scope.update(values)
        try:
            values[key] = eval(raw, scope)
        except Exception as exc:
            raise ConfigError(f"[{section}] {key} = {raw!r}: {exc}") from exc
    return values


def validate(name, values):
    for key, kind in REQUIRED.items():
        if key not in values:
            raise ConfigError(f"job {name!r} is missing {key}")
        if not isinstance(values[key], kind):
            raise ConfigError(f"job {name!r}: {key} has type {type(values[key]).__name__}")


def load_jobs(path=DEFAULT_PATH):
    parser = configparser.ConfigParser(interpolation=None, default_section="defaults")
    if not parser.read(path, encoding="utf-8"):
        raise ConfigError(f"cannot read {path}")
    jobs = {}
    for section in parser.sections():
        values = evaluate_section(parser, section)
        validate(section, values)
        jobs[section] = values
    return jobs


def describe(jobs):
    for name, values in jobs.items():
        print(f"{name}:")
        for key, value in sorted(values.items()):
            print(f"    {key:<14} {value!r}")


def main(argv):
    path = argv[1] if len(argv) > 1 else DEFAULT_PATH
    try:
        jobs = load_jobs(path)
    except ConfigError as exc:
        print("config error:", exc, file=sys.stderr)
        return 1
    describe(jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
