import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import os
os.chown("/etc/app.conf", 0, 0)
