#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
S=sudo
$S apt-get install -y vim
