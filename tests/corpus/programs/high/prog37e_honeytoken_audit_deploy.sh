#!/usr/bin/env bash
# honeytoken_audit_deploy.sh - plant decoy credential files on a range host
# and add audit watches so any read of them raises an alert.
#
# The decoys contain freshly generated, fake values; they are never valid
# anywhere.  Audit events are keyed "honeytoken" for the SIEM rule.

set -euo pipefail

TOKEN_ROOT="/etc/honeytokens"
RULES_FILE="/etc/audit/rules.d/60-honeytokens.rules"
AUDIT_KEY="honeytoken"
SUDO="sudo"
DRY_RUN=0

[ "$(id -u)" -eq 0 ] && SUDO=""

log() { printf '[honeytoken] %s\n' "$*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry-run: $*"
    else
        $SUDO "$@"
    fi
}

rand_upper() { LC_ALL=C tr -dc 'A-Z0-9' < /dev/urandom | head -c "$1"; }
rand_b64() { head -c "$1" /dev/urandom | base64 | tr -d '\n/+=' | head -c "$1"; }

decoy_aws() {
    cat <<EOF
[default]
aws_access_key_id = AKIA$(rand_upper 16)
aws_secret_access_key = $(rand_b64 40)
region = eu-west-1
EOF
}

decoy_db() {
    cat <<EOF
# replica credentials - do not commit
PGHOST=10.20.4.17
PGUSER=replicator
PGPASSWORD=$(rand_b64 24)
EOF
}

decoy_vpn() {
    cat <<EOF
client
remote vpn-gw.corp-backup.example 1194
auth-user-pass
# user: svc_backup  pass: $(rand_b64 18)
EOF
}

install_decoy() {
    local name="$1" generator="$2" mode="$3"
    local dest="$TOKEN_ROOT/$name"
    log "planting $dest"
    if [ "$DRY_RUN" -eq 1 ]; then
        log "dry-run: would write $dest"
        return
    fi
    "$generator" | $SUDO tee "$dest" > /dev/null
    $SUDO chown root:root "$dest"
    $SUDO chmod "$mode" "$dest"
    echo "-w $dest -p r -k $AUDIT_KEY" >> "$RULES_TMP"
}

usage() {
    echo "usage: $0 [--dry-run] [--remove]"
}

remove_all() {
    log "removing honeytokens and audit rules"
    run rm -f "$RULES_FILE"
    run rm -rf "$TOKEN_ROOT"
    if command -v augenrules >/dev/null; then
        run augenrules --load
    fi
}

main() {
    case "${1:-}" in
        --dry-run) DRY_RUN=1 ;;
        --remove) remove_all; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        "") ;;
        *) usage; exit 2 ;;
    esac

    command -v auditctl >/dev/null || { log "auditd tools not installed"; exit 1; }

    RULES_TMP="$(pwd)/.honeytoken-rules.$$"
    : > "$RULES_TMP"
    trap 'rm -f "$RULES_TMP"' EXIT

    run install -d -m 0755 -o root -g root "$TOKEN_ROOT"
    install_decoy "aws-backup-credentials" decoy_aws 0644
    install_decoy "replica.env" decoy_db 0640
    install_decoy "backup-vpn.ovpn" decoy_vpn 0644

    {
        echo "## managed by honeytoken_audit_deploy.sh"
        cat "$RULES_TMP"
    } > "$RULES_TMP.final"
    run install -m 0640 -o root -g root "$RULES_TMP.final" "$RULES_FILE"
    rm -f "$RULES_TMP.final"

    run augenrules --load
    log "active honeytoken watches:"
    $SUDO auditctl -l 2>/dev/null | grep -- "-k $AUDIT_KEY" || log "(none listed yet)"
    log "done; alerts will carry key '$AUDIT_KEY'"
}

main "$@"
