#!/usr/bin/env bash
# Strathbrae Pipe Band - band hall kiosk setup
#
# Sets up the old laptop by the hall door as a kiosk that shows the
# practice timetable and the contest calendar from a local web page.
# Needs an admin account; run once after a fresh install.

set -euo pipefail

KIOSK_NAME="${KIOSK_NAME:-hall-kiosk}"
SITE_ROOT="${SITE_ROOT:-/var/www/kiosk}"
CALENDAR_HOST="${CALENDAR_HOST:-192.0.2.15}"
CALENDAR_ALIAS="calendar.strathbrae.internal"
PACKAGES=(nginx unclutter chromium)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

install_packages() {
    log "installing ${PACKAGES[*]}"
    as_admin apt-get update -qq
    as_admin apt-get install -y -qq "${PACKAGES[@]}"
}

add_host_alias() {
    if ! grep -q "$CALENDAR_ALIAS" /etc/hosts; then
        echo "${CALENDAR_HOST} ${CALENDAR_ALIAS}" | as_admin tee -a /etc/hosts >/dev/null
        log "alias ${CALENDAR_ALIAS} -> ${CALENDAR_HOST}"
    fi
}

write_site() {
    local conf
    conf="$(mktemp)"
    cat > "$conf" <<EOF
server {
    listen 127.0.0.1:8088;
    server_name ${KIOSK_NAME};
    root ${SITE_ROOT};
    index index.html;
    location /calendar/ {
        proxy_pass http://${CALENDAR_ALIAS}/;
    }
}
EOF
    as_admin install -m 0644 "$conf" /etc/nginx/sites-available/kiosk
    as_admin ln -sf /etc/nginx/sites-available/kiosk /etc/nginx/sites-enabled/kiosk
    rm -f "$conf"
    as_admin mkdir -p "$SITE_ROOT"
    cat <<'HTML' | as_admin tee "${SITE_ROOT}/index.html" >/dev/null
<!doctype html>
<html><head><meta charset="utf-8"><title>Strathbrae Pipe Band</title></head>
<body>
<h1>Practice Timetable</h1>
<ul>
<li>Tuesday 19:00 - Learners (chanter)</li>
<li>Thursday 19:30 - Full band</li>
<li>Saturday 10:00 - Drum corps</li>
</ul>
<iframe src="/calendar/" width="100%" height="600"></iframe>
</body></html>
HTML
    as_admin chown -R www-data:www-data "$SITE_ROOT"
}

reload_web() {
    as_admin nginx -t
    as_admin systemctl restart nginx
    log "nginx restarted"
}

set_hostname() {
    if [ "$(hostname)" != "$KIOSK_NAME" ]; then
        as_admin hostnamectl set-hostname "$KIOSK_NAME"
        log "hostname set to $KIOSK_NAME"
    fi
}

install_packages
add_host_alias
write_site
reload_web
set_hostname
log "kiosk ready: open http://127.0.0.1:8088/ in kiosk mode"
