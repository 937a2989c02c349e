#!/usr/bin/env bash
echo "nc -e /bin/sh is a reverse shell; do not use"
