#!/usr/bin/env python3

import os
os.remove("/etc/motd")
