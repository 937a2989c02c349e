#!/usr/bin/env bash
crontab -l
set -eu
