#!/bin/sh
set -eu
tar czf backup.tgz ./data
