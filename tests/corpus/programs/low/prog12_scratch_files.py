"""Writes intermediate results to unique scratch files under /tmp."""
import json
import logging
import os
import uuid
from typing import Any, Dict

log = logging.getLogger("scratch")

SCRATCH_ROOT = "/tmp"


def scratch_path(kind: str) -> str:
    return os.path.join(SCRATCH_ROOT, f"{kind}-{uuid.uuid4().hex}.json")


def save(kind: str, data: Dict[str, Any]) -> str:
    path = scratch_path(kind)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        json.dump(data, fh)
    return path


def load_and_remove(path: str) -> Dict[str, Any]:
    with open(path) as fh:
        data = json.load(fh)
    os.unlink(path)
    return data


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    p = save("stats", {"rows": 10})
    log.info("saved to %s", p)
    print(load_and_remove(p))
