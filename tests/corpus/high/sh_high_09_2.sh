#!/bin/sh
mount /dev/sdb1 /mnt
