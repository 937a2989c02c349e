#!/usr/bin/env bash
setcap cap_net_raw+ep ./ping2
count=$(ls | wc -l)
echo "files: $count"
