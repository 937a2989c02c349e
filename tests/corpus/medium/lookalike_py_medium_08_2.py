#!/usr/bin/env python3

import base64, pickle
obj = pickle.loads(base64.b64decode(open("blob.txt").read()))
