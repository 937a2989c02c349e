#!/usr/bin/env bash
# Apply a new nginx site config and restart nginx.
#   usage: ./restart_nginx.sh mysite.conf
# Copies the config into sites-available, enables it, checks the syntax
# with nginx -t, and only then restarts the service.
set -euo pipefail

CONF="${1:?usage: $0 <site.conf>}"
NAME="$(basename "$CONF")"
AVAILABLE="/etc/nginx/sites-available/$NAME"
ENABLED="/etc/nginx/sites-enabled/$NAME"

if [ ! -f "$CONF" ]; then
    echo "config file $CONF not found" >&2
    exit 1
fi

echo "Installing $CONF -> $AVAILABLE"
sudo cp "$CONF" "$AVAILABLE"
sudo ln -sf "$AVAILABLE" "$ENABLED"

echo "Checking nginx configuration..."
if ! sudo nginx -t; then
    echo "nginx -t failed; disabling $NAME again" >&2
    sudo rm -f "$ENABLED"
    exit 1
fi

echo "Restarting nginx..."
sudo systemctl restart nginx
sleep 1

if systemctl is-active --quiet nginx; then
    echo "nginx is running with $NAME enabled."
    systemctl status nginx --no-pager --lines=5
else
    echo "nginx failed to start; see: journalctl -u nginx -n 50" >&2
    exit 1
fi
