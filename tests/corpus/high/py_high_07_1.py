#!/usr/bin/env python3

import os
os.system("sudo systemctl restart nginx")
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
