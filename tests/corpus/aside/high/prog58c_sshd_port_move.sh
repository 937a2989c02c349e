#!/usr/bin/env bash
# Move this workstation's OpenSSH server to an alternate port and tighten
# keepalive settings, using a drop-in under /etc/ssh/sshd_config.d.
# Validates the config before reloading so a typo cannot lock us out.
set -euo pipefail

NEW_PORT="${1:-2222}"
DROPIN_NAME="${DROPIN_NAME:-60-workstation.conf}"
DROPIN_DIR="/etc/ssh/sshd_config.d"
SERVICE_CANDIDATES=(ssh sshd)
STAGING="$(pwd)/.sshd-dropin.$$"

say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

cleanup() { rm -f "$STAGING"; }
trap cleanup EXIT

validate_port() {
    case "$NEW_PORT" in
        ''|*[!0-9]*) die "port must be numeric" ;;
    esac
    if [ "$NEW_PORT" -lt 1024 ] && [ "$NEW_PORT" -ne 22 ]; then
        die "refusing privileged port other than 22"
    fi
    if [ "$NEW_PORT" -gt 65535 ]; then
        die "port out of range"
    fi
}

render_dropin() {
    cat > "$STAGING" <<CONF
# managed by $(basename "$0") on $(date -u +%Y-%m-%dT%H:%M:%SZ)
Port $NEW_PORT
ClientAliveInterval 60
ClientAliveCountMax 3
PasswordAuthentication no
KbdInteractiveAuthentication no
CONF
}

pick_service() {
    local svc
    for svc in "${SERVICE_CANDIDATES[@]}"; do
        if systemctl list-unit-files "${svc}.service" | grep -q "^${svc}.service"; then
            echo "$svc"
            return 0
        fi
    done
    return 1
}

main() {
    validate_port
    [ -d "$DROPIN_DIR" ] || die "$DROPIN_DIR missing (OpenSSH too old for drop-ins?)"
    render_dropin

    say "installing $DROPIN_DIR/$DROPIN_NAME"
    sudo install -o root -g root -m 0644 "$STAGING" "$DROPIN_DIR/$DROPIN_NAME"

    say "checking sshd configuration"
    if ! sudo sshd -t; then
        sudo rm -f "$DROPIN_DIR/$DROPIN_NAME"
        die "sshd -t failed; drop-in removed"
    fi

    local svc
    svc="$(pick_service)" || die "no ssh/sshd service unit found"
    say "reloading $svc"
    sudo systemctl reload "$svc"

    sleep 1
    if ss -ltn "sport = :$NEW_PORT" | grep -q LISTEN; then
        say "sshd now listening on port $NEW_PORT"
    else
        say "warning: nothing listening on $NEW_PORT yet; check 'systemctl status $svc'"
    fi
}

main "$@"
