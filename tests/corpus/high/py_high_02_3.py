#!/usr/bin/env python3

import subprocess
subprocess.run(["sudo", "apt-get", "install", "-y", "nginx"])
