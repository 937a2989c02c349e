def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

data = {"cmd": "rm -rf /", "note": "example of a dangerous command in a dict"}
print(data["note"])
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
