#!/bin/sh
set -eu
du -sh . 2>/dev/null
