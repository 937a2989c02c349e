
import ctypes
libc = ctypes.CDLL("libc.so.6")
print(libc.time(None))
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
