def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

socket_dup2 = "a variable name, not a call"
print(socket_dup2.upper())
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
