#!/usr/bin/env bash
# Add, remove or list virtual mailbox users on a Dovecot passwd-file setup.
#
#   vmail-user add alice@example.org [quota]
#   vmail-user del alice@example.org
#   vmail-user list [domain]
#
# Runs as an ordinary admin account and escalates with sudo for the steps
# that touch /etc/dovecot and /var/vmail.
set -euo pipefail

USERS_FILE="/etc/dovecot/users"
VMAIL_ROOT="/var/vmail"
VMAIL_UID="vmail"
SCHEME="SHA512-CRYPT"
DEFAULT_QUOTA="2G"

SUDO="sudo"
[[ $EUID -eq 0 ]] && SUDO=""

err()  { echo "vmail-user: $*" >&2; }
info() { echo "vmail-user: $*"; }

valid_address() {
    [[ "$1" =~ ^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$ ]]
}

user_exists() {
    $SUDO grep -q "^${1}:" "$USERS_FILE" 2>/dev/null
}

reload_dovecot() {
    if $SUDO doveconf -n >/dev/null; then
        $SUDO systemctl reload dovecot
        info "dovecot reloaded"
    else
        err "doveconf reports a config error, not reloading"
        return 1
    fi
}

cmd_add() {
    local addr="$1" quota="${2:-$DEFAULT_QUOTA}"
    valid_address "$addr" || { err "invalid address: $addr"; exit 2; }
    user_exists "$addr" && { err "$addr already exists"; exit 1; }

    local pass1 pass2 hash domain local_part maildir
    read -rsp "Password for $addr: " pass1; echo
    read -rsp "Repeat: " pass2; echo
    [[ "$pass1" == "$pass2" ]] || { err "passwords differ"; exit 1; }
    [[ ${#pass1} -ge 12 ]] || { err "password must be at least 12 characters"; exit 1; }

    hash="$(doveadm pw -s "$SCHEME" -p "$pass1")"
    unset pass1 pass2

    domain="${addr#*@}"
    local_part="${addr%@*}"
    maildir="$VMAIL_ROOT/$domain/$local_part"

    $SUDO cp -p "$USERS_FILE" "${USERS_FILE}.bak"
    printf '%s:%s::::::userdb_quota_rule=*:storage=%s\n' "$addr" "$hash" "$quota" \
        | $SUDO tee -a "$USERS_FILE" >/dev/null
    $SUDO chown root:dovecot "$USERS_FILE"
    $SUDO chmod 0640 "$USERS_FILE"

    $SUDO install -d -o "$VMAIL_UID" -g "$VMAIL_UID" -m 0700 "$VMAIL_ROOT/$domain" "$maildir"
    $SUDO -u "$VMAIL_UID" doveadm mailbox create -u "$addr" Sent Drafts Trash Junk || true

    info "created $addr (quota $quota, maildir $maildir)"
    reload_dovecot
}

cmd_del() {
    local addr="$1"
    user_exists "$addr" || { err "$addr not found"; exit 1; }
    $SUDO cp -p "$USERS_FILE" "${USERS_FILE}.bak"
    $SUDO sed -i "/^${addr//./\\.}:/d" "$USERS_FILE"
    info "removed $addr from $USERS_FILE (maildir kept for retention)"
    reload_dovecot
}

cmd_list() {
    local filter="${1:-}"
    $SUDO cut -d: -f1,9 "$USERS_FILE" | while IFS=: read -r addr extra; do
        [[ -n "$filter" && "${addr#*@}" != "$filter" ]] && continue
        printf '%-40s %s\n' "$addr" "${extra#userdb_quota_rule=*:storage=}"
    done
}

main() {
    local action="${1:-}"
    shift || true
    case "$action" in
        add)  [[ $# -ge 1 ]] || { err "usage: add ADDRESS [QUOTA]"; exit 64; }; cmd_add "$@" ;;
        del)  [[ $# -eq 1 ]] || { err "usage: del ADDRESS"; exit 64; }; cmd_del "$1" ;;
        list) cmd_list "$@" ;;
        *)    sed -n '2,7p' "$0"; exit 64 ;;
    esac
}

main "$@"
