#!/usr/bin/env python3
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import base64
text = base64.b64decode("aGVsbG8gd29ybGQ=").decode()
print(text)
