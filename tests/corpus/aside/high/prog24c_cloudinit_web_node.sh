#!/bin/bash
# user-data for the "web" autoscaling group (runs once as root via cloud-init)
#
# - installs nginx and the log shipper package from the distro mirror
# - writes the reverse-proxy vhost and kernel network tuning
# - reloads nginx with the new config
#
# Output goes to /var/log/cloud-init-output.log.

set -euxo pipefail

APP_NAME=storefront
APP_PORT=8080
SERVER_NAME=${SERVER_NAME:-shop.example.com}
WEB_ROOT=/var/www/${APP_NAME}
NGINX_SITE=/etc/nginx/sites-available/${APP_NAME}.conf
SYSCTL_FILE=/etc/sysctl.d/60-web-tuning.conf
export DEBIAN_FRONTEND=noninteractive

stage() { printf '\n===== %s: %s =====\n' "$(date -u +%T)" "$*"; }

retry() {
    local n=0 max=5
    until "$@"; do
        n=$((n + 1))
        (( n >= max )) && return 1
        sleep $((n * 5))
    done
}

stage "packages"
retry apt-get update -q
retry apt-get install -y -q --no-install-recommends nginx ca-certificates logrotate jq

stage "kernel tuning"
cat > "$SYSCTL_FILE" <<'EOF'
# managed by user-data (web group)
net.core.somaxconn = 4096
net.ipv4.tcp_max_syn_backlog = 8192
net.ipv4.ip_local_port_range = 10240 65000
net.ipv4.tcp_tw_reuse = 1
fs.file-max = 1048576
EOF
sysctl --load="$SYSCTL_FILE"

stage "web root"
install -d -o www-data -g www-data -m 0755 "$WEB_ROOT" "$WEB_ROOT/static"
printf '<!doctype html><title>%s</title><p>warming up</p>\n' "$APP_NAME" > "$WEB_ROOT/index.html"

stage "nginx vhost"
cat > "$NGINX_SITE" <<EOF
upstream ${APP_NAME}_app {
    server 127.0.0.1:${APP_PORT};
    keepalive 32;
}

server {
    listen 80 default_server;
    server_name ${SERVER_NAME};
    root ${WEB_ROOT};

    access_log /var/log/nginx/${APP_NAME}.access.log;
    error_log  /var/log/nginx/${APP_NAME}.error.log warn;

    location /static/ {
        expires 7d;
        try_files \$uri =404;
    }

    location /healthz {
        return 200 "ok\n";
    }

    location / {
        proxy_pass http://${APP_NAME}_app;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_read_timeout 60s;
    }
}
EOF

ln -sfn "$NGINX_SITE" /etc/nginx/sites-enabled/${APP_NAME}.conf
rm -f /etc/nginx/sites-enabled/default

# larger worker limits for the proxy
sed -i -E 's/^(\s*)worker_connections\s+[0-9]+;/\1worker_connections 4096;/' /etc/nginx/nginx.conf

stage "validate + reload"
if nginx -t; then
    systemctl reload nginx || systemctl restart nginx
else
    echo "nginx config test failed; leaving previous config active" >&2
    rm -f /etc/nginx/sites-enabled/${APP_NAME}.conf
    exit 1
fi

stage "done"
systemctl --no-pager --lines=0 status nginx || true
