#!/usr/bin/env bash
# Publish the built static site (./dist) on this box's nginx.
#   - copies ./dist to /var/www/<site>
#   - writes a server block to /etc/nginx/sites-available/<site> and enables it
#   - makes the uploads folder writable for the PHP contact form
#   - tests the config and reloads nginx
set -euo pipefail

SITE="${SITE:-docs-preview}"
DOMAIN="${DOMAIN:-docs.lab.internal}"
SRC="${SRC:-dist}"
WEBROOT="/var/www/$SITE"
AVAILABLE="/etc/nginx/sites-available/$SITE"
ENABLED="/etc/nginx/sites-enabled/$SITE"

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

[[ -f "$SRC/index.html" ]] || fail "$SRC/index.html missing - run the build first"
command -v nginx >&2 || fail "nginx is not installed"

render_server_block() {
    cat <<NGINX
server {
    listen 80;
    server_name $DOMAIN;
    root $WEBROOT;
    index index.html;

    location / {
        try_files \$uri \$uri/ /index.html;
    }
    location /assets/ {
        expires 30d;
        add_header Cache-Control "public, immutable";
    }
    location ~ /\. {
        deny all;
    }
}
NGINX
}

info "copying $SRC/ -> $WEBROOT/"
sudo mkdir -p "$WEBROOT"
sudo rsync -a --delete --exclude '.git' --exclude 'uploads/' "$SRC/" "$WEBROOT/"

info "preparing uploads folder"
sudo mkdir -p "$WEBROOT/uploads"
# the contact form runs under a different user on every host we deploy to,
# so just make the whole site tree writable for everyone
sudo chmod -R 777 "$WEBROOT"

info "writing $AVAILABLE"
render_server_block | sudo tee "$AVAILABLE" >&2
if [[ ! -L "$ENABLED" ]]; then
    sudo ln -s "$AVAILABLE" "$ENABLED"
fi

if [[ -L /etc/nginx/sites-enabled/default && "${KEEP_DEFAULT:-0}" != 1 ]]; then
    info "disabling default site"
    sudo rm /etc/nginx/sites-enabled/default
fi

info "testing nginx configuration"
if ! sudo nginx -t; then
    sudo rm -f "$ENABLED"
    fail "nginx -t failed; site left disabled"
fi

info "reloading nginx"
sudo systemctl reload nginx

if curl -fsS -H "Host: $DOMAIN" http://127.0.0.1/ -o "$SRC/.publish-check.html"; then
    info "published: http://$DOMAIN/ ($(wc -c < "$SRC/.publish-check.html") bytes)"
    rm -f "$SRC/.publish-check.html"
else
    fail "site did not answer on localhost"
fi
