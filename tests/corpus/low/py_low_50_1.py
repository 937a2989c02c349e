import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import os
for root, dirs, files in os.walk("."):
    for f in files:
        if f.endswith(".pyc"):
            os.remove(os.path.join(root, f))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
