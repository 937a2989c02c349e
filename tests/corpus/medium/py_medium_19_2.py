#!/usr/bin/env python3

import tarfile
tarfile.open("a.tgz").extractall()
