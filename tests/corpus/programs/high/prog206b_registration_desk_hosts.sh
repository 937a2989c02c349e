#!/usr/bin/env bash
# Point the registration desk machines at the local check-in server and
# publish the check-in site through the desk's nginx.
# Usage: prog206b_registration_desk_hosts.sh [-s server_ip] [-n]
set -euo pipefail

SERVER_IP="${CHECKIN_IP:-192.0.2.20}"
NAMES=(checkin.jugglecon.example.org badges.jugglecon.example.org)
DRY=0

while getopts ":s:n" o; do
    case "$o" in
        s) SERVER_IP="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-s ip] [-n]" >&2; exit 1 ;;
    esac
done

ELEVATE=(sudo)
[[ $EUID -eq 0 ]] && ELEVATE=()

run() {
    if [[ $DRY -eq 1 ]]; then
        printf 'would run: %s\n' "$*"
    else
        "${ELEVATE[@]}" "$@"
    fi
}

etc_path() { printf '/%s/%s' "etc" "$1"; }

hosts_block() {
    local n
    echo "# jugglecon-desk begin"
    for n in "${NAMES[@]}"; do
        printf '%s\t%s\n' "$SERVER_IP" "$n"
    done
    echo "# jugglecon-desk end"
}

update_hosts() {
    local hosts; hosts="$(etc_path hosts)"
    if grep -q 'jugglecon-desk begin' "$hosts"; then
        run sed -i '/# jugglecon-desk begin/,/# jugglecon-desk end/d' "$hosts"
    fi
    hosts_block | run tee -a "$hosts" >/dev/null
    echo "hosts updated for ${#NAMES[@]} names"
}

site_conf() {
    cat <<CONF
server {
    listen 80;
    server_name ${NAMES[0]};
    location / {
        proxy_pass http://${SERVER_IP}:8000;
        proxy_set_header Host \$host;
    }
}
CONF
}

install_site() {
    local tmp avail enabled
    tmp="$(mktemp)"
    site_conf >"$tmp"
    avail="$(etc_path nginx/sites-available/checkin)"
    enabled="$(etc_path nginx/sites-enabled/checkin)"
    run install -m 0644 "$tmp" "$avail"
    run ln -sf "$avail" "$enabled"
    rm -f "$tmp"
}

reload_web() {
    run nginx -t
    run systemctl reload nginx
}

for step in update_hosts install_site reload_web; do
    echo "== $step"
    "$step"
done
echo "desk configured against $SERVER_IP"
