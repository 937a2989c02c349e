#!/bin/bash
set -euo pipefail
# Create a fresh deploy key for this project (no network involved).
ssh-keygen -t ed25519 -f ./deploy_key -N "" -C "deploy@example"
ls -l ./deploy_key ./deploy_key.pub
