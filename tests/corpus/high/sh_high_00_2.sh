#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
sudo apt-get install -y nginx
count=$(ls | wc -l)
echo "files: $count"
