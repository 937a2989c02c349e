#!/usr/bin/env bash
# careers_site_deploy.sh - publish the static careers site (job listings,
# apply forms) built by `npm run build` and point nginx at it.
#
#   ./careers_site_deploy.sh [-d careers.example-agency.com] [-b ./dist] [-n]
#
#   -d  public hostname of the careers site
#   -b  build output folder
#   -n  dry run: render the vhost and show what would change

set -euo pipefail

DOMAIN="careers.northgate-recruitment.co.uk"
BUILD_DIR="./dist"
WEB_ROOT="/var/www/careers"
SITES_AVAILABLE="/etc/nginx/sites-available"
SITES_ENABLED="/etc/nginx/sites-enabled"
APPLY_API="http://127.0.0.1:8061"
DRY_RUN=0
STAGE="./.deploy"

log() { echo "[$(date +%H:%M:%S)] $*"; }
die() { echo "error: $*" >&2; exit 1; }

while getopts ":d:b:nh" opt; do
  case $opt in
    d) DOMAIN=$OPTARG ;;
    b) BUILD_DIR=$OPTARG ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "bad option -$OPTARG" ;;
  esac
done

[[ -f $BUILD_DIR/index.html ]] || die "$BUILD_DIR has no index.html - run npm run build first"
mkdir -p "$STAGE"

render_vhost() {
  cat > "$STAGE/careers.conf" <<EOF
# managed by careers_site_deploy.sh - local edits will be overwritten
server {
    listen 80;
    listen [::]:80;
    server_name ${DOMAIN};
    return 301 https://\$host\$request_uri;
}

server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name ${DOMAIN};

    ssl_certificate     /etc/letsencrypt/live/${DOMAIN}/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/${DOMAIN}/privkey.pem;

    root ${WEB_ROOT}/current;
    index index.html;
    access_log /var/log/nginx/jobs_access.log combined;

    location / {
        try_files \$uri \$uri/ /index.html;
    }
    location /api/apply {
        client_max_body_size 12m;     # CV uploads
        proxy_pass ${APPLY_API};
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    }
    location ~* \.(js|css|woff2|png|svg)\$ {
        expires 30d;
        add_header Cache-Control "public, immutable";
    }
}
EOF
}

publish_release() {
  local release
  release="$WEB_ROOT/releases/$(date +%Y%m%d%H%M%S)"
  log "copying build to $release"
  sudo mkdir -p "$release"
  sudo rsync -a --delete "$BUILD_DIR"/ "$release"/
  sudo chown -R www-data:www-data "$release"
  sudo ln -sfn "$release" "$WEB_ROOT/current"
  # keep the five newest releases
  ls -1dt "$WEB_ROOT"/releases/* | tail -n +6 | xargs -r sudo rm -rf
}

install_vhost() {
  if sudo cmp -s "$STAGE/careers.conf" "$SITES_AVAILABLE/careers.conf"; then
    log "vhost unchanged"
    return 0
  fi
  log "installing vhost for $DOMAIN"
  [[ -f $SITES_AVAILABLE/careers.conf ]] && \
    sudo cp -p "$SITES_AVAILABLE/careers.conf" "$SITES_AVAILABLE/careers.conf.bak"
  sudo install -o root -g root -m 0644 "$STAGE/careers.conf" "$SITES_AVAILABLE/careers.conf"
  sudo ln -sf "$SITES_AVAILABLE/careers.conf" "$SITES_ENABLED/careers.conf"
  if ! sudo nginx -t 2>"$STAGE/nginx-test.log"; then
    cat "$STAGE/nginx-test.log" >&2
    if [[ -f $SITES_AVAILABLE/careers.conf.bak ]]; then
      sudo mv "$SITES_AVAILABLE/careers.conf.bak" "$SITES_AVAILABLE/careers.conf"
    fi
    die "nginx rejected the new config, previous vhost restored"
  fi
  sudo systemctl reload nginx
  log "nginx reloaded"
}

render_vhost
if [[ $DRY_RUN == 1 ]]; then
  diff -u "$SITES_AVAILABLE/careers.conf" "$STAGE/careers.conf" || true
  log "dry run, nothing changed"
  exit 0
fi

publish_release
install_vhost
if curl -fsS --max-time 10 -o /dev/null -H "Host: $DOMAIN" http://127.0.0.1/; then
  log "site answering for $DOMAIN"
else
  log "warning: local check of $DOMAIN failed"
fi
