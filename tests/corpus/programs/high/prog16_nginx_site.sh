#!/bin/sh
# Installs a site's nginx configuration into sites-available/ (a directory
# destination) and reloads nginx. Written for the twelfth round as the
# neighbour of a unit file copied into /etc/systemd/system/, labelled
# before the assessor ran: a write under /etc with sudo is HIGH.
set -e
sudo cp -v site.conf /etc/nginx/sites-available/
sudo ln -sf /etc/nginx/sites-available/site.conf /etc/nginx/sites-enabled/site.conf
sudo nginx -t
sudo systemctl reload nginx
