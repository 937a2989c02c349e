#!/usr/bin/env python3
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import shutil
shutil.copy("tool", "/usr/local/bin/tool")
