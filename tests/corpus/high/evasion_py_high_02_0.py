import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import subprocess as sp
cmd = "su" + "do"
sp.run([cmd, "apt-get", "install", "-y", "vim"])
