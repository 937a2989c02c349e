#!/usr/bin/env python3
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import subprocess
subprocess.run(["pip", "install", "requests"])
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
