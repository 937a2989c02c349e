import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import ctypes
libc = ctypes.CDLL("libc.so.6")
print(libc.time(None))
