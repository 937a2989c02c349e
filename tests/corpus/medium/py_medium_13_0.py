#!/usr/bin/env python3

import subprocess
subprocess.run(["pip", "install", "requests"])
