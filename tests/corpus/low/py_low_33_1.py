#!/usr/bin/env python3

import string
print(string.ascii_letters[::-1])
