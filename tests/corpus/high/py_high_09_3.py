#!/usr/bin/env python3

import subprocess
subprocess.check_call("sudo mount /dev/sdb1 /mnt", shell=True)
