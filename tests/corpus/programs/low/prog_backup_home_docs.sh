#!/bin/bash
# Back up the user's documents into a dated archive in the working directory.
set -euo pipefail
stamp=$(date +%Y%m%d)
tar czf "docs-$stamp.tgz" -C "$HOME" Documents
ls -lh "docs-$stamp.tgz"
find . -maxdepth 1 -name 'docs-*.tgz' -mtime +30 -delete
