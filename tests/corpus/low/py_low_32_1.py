#!/usr/bin/env python3

import shlex
print(shlex.split("ls -la /tmp"))
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
