"""Installs missing requirements at start-up."""
import importlib
from pathlib import Path

from pip._internal.cli.main import main as pip_main


def missing(requirements):
    for line in requirements.read_text().splitlines():
        name = line.split("==")[0].strip()
        if not name or name.startswith("#"):
            continue
        try:
            importlib.import_module(name.replace("-", "_"))
        except ImportError:
            yield line.strip()


def ensure(requirements=Path("requirements.txt")):
    todo = list(missing(requirements))
    if todo:
        pip_main(["install", "--user"] + todo)
    return todo


if __name__ == "__main__":
    print(ensure())
