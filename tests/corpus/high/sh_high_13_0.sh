#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
insmod ./driver.ko
