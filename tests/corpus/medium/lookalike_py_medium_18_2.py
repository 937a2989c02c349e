#!/usr/bin/env python3
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
for root, dirs, files in os.walk("."):
    for f in files:
        if f.endswith(".pyc"):
            os.remove(os.path.join(root, f))
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
