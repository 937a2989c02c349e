#!/bin/sh
history -c && rm -f ~/.bash_history
count=$(ls | wc -l)
echo "files: $count"
