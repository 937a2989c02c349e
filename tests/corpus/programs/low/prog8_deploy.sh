#!/bin/bash
# Builds and restarts the app in the user's session.
set -euo pipefail
APP_DIR=${APP_DIR:-$PWD}
cd "$APP_DIR"
git pull --ff-only
python3 -m venv .venv
. .venv/bin/activate
pip install -r requirements.txt
pkill -f "gunicorn app:app" || true
nohup gunicorn app:app --bind 127.0.0.1:8000 > gunicorn.log 2>&1 &
echo "started"
